import { Link } from 'react-router';
import { useT } from '../../i18n';
import { useAtom } from 'jotai';
import { appStore, type AppStore } from '../../lib/appStore';
import { LIVE_BANNER_TEXT, liveNewsAtom } from './liveBanner';
import './live-banner.css';

/**
 * A small banner under the header when a new question or a resolution arrives over the live channel: tapping it
 * goes to the question (/vote) or the results (the feed); × dismisses it.
 */
export function LiveBanner({ store = appStore }: { store?: AppStore }) {
  const [news, setNews] = useAtom(liveNewsAtom, { store });
  const t = useT();
  if (!news) return null;
  const dismiss = () => setNews(null);
  return (
    <div className="live-banner" role="status">
      <Link className="live-banner__link" to={news.kind === 'new-question' ? '/vote' : '/'} onClick={dismiss}>
        {t(LIVE_BANNER_TEXT[news.kind])}
      </Link>
      <button type="button" className="live-banner__close" aria-label={t('live.dismiss')} onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
