import { Link } from 'react-router';
import type { User } from '../auth/types';
import { BrandMark, FlagStripe, PRODUCT_NAME } from './Brand';
import { useT } from '../../i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { Countdown } from './Countdown';
import { InboxBell } from '../inbox/InboxBell';
import '../inbox/inbox.css';
import { initials } from './initials';

/** Fixed top header: title, tagline, 'TIME:' countdown, the inbox bell and a profile link. */
export function AppHeader({ user }: { user: User }) {
  const t = useT();
  return (
    <header className="app-header">
      <FlagStripe />
      <div className="app-header__inner">
        <div className="app-header__top">
          <Link to="/" className="brand" aria-label={t('shell.home', { name: PRODUCT_NAME })}>
            <BrandMark />
            <span className="brand__title">{PRODUCT_NAME}</span>
          </Link>
          <div className="app-header__right">
            <Countdown />
            <InboxBell userId={user.id} />
            {/* The name in hidden text, not aria-label: a label that leaves out the visible initials fails WCAG 2.5.3 (axe). */}
            <Link to="/profile" className="avatar-link">
              <span className="avatar" aria-hidden="true">
                {initials(user.name)}
              </span>
              <span className="visually-hidden">{t('shell.profileOf', { name: user.name })}</span>
            </Link>
          </div>
        </div>
        <div className="app-header__sub">
          <p className="app-header__tagline">{t('shell.tagline')}</p>
          <LanguageSwitch compact />
        </div>
      </div>
    </header>
  );
}
