import '../../i18n/later';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Card, CardContent } from '../../ui';
import { BrandMark, FlagStripe, PRODUCT_NAME, TAGLINE } from '../shell/Brand';
import { PrivacyNotice } from './PrivacyNotice';
import './privacy.css';
import { t, useT } from '../../i18n';

function useTitle() {
  const language = useT();
  useEffect(() => {
    const before = document.title;
    document.title = `${t('privacy.title')} · ${PRODUCT_NAME}`;
    return () => {
      document.title = before;
    };
  }, [language]);
}

/** /privacy for a signed-in user: the notice inside the app's shell. */
export function PrivacyPage() {
  useTitle();
  return (
    <Card className="privacy-card">
      <CardContent>
        <PrivacyNotice />
      </CardContent>
    </Card>
  );
}

/** /privacy signed out: no sign-in needed (reached from the landing page's footer and the signup form). */
export function PublicPrivacyPage() {
  useTitle();
  const t = useT();
  return (
    <div className="landing">
      <header className="landing-header">
        <FlagStripe />
        <div className="landing-header__inner">
          <Link to="/" className="brand privacy-brand">
            <BrandMark />
            <span className="brand__text">
              <span className="brand__title">{PRODUCT_NAME}</span>
              <span className="brand__tagline">{TAGLINE}</span>
            </span>
          </Link>
        </div>
      </header>
      <main id="main" className="landing-main">
        <Card className="privacy-card">
          <CardContent>
            <PrivacyNotice />
          </CardContent>
        </Card>
        <Link className="btn btn--outline btn--md" to="/">
          {t('privacy.backTo', { product: PRODUCT_NAME })}
        </Link>
      </main>
    </div>
  );
}
