import type { ReactNode } from 'react';
import type { User } from '../auth/types';
import { AppHeader } from './AppHeader';
import { BottomNav } from './BottomNav';
import { LiveBanner } from '../live/LiveBanner';
import { useT } from '../../i18n';

/** Signed-in chrome: fixed header, scrolling main area, fixed bottom navigation. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const t = useT();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <AppHeader user={user} />
      <main id="main" className="app-main" tabIndex={-1}>
        <LiveBanner />
        {children}
      </main>
      <BottomNav isAdmin={user.isAdmin} />
    </div>
  );
}
