import type { User } from '../auth/types';
import { AccessDenied } from '../shell/AccessDenied';
import { ScreenHeader } from '../shell/ScreenHeader';

/** /admin, /admin/testing and /newadmin: the same admin dashboard. */
export function AdminPage({ user }: { user: User }) {
  if (!user.isAdmin) return <AccessDenied />;
  return <ScreenHeader title="Admin Dashboard" />;
}

/** /dashboard: simple admin placeholder. */
export function DashboardPage({ user }: { user: User }) {
  if (!user.isAdmin) return <AccessDenied />;
  return <ScreenHeader title="Dashboard" />;
}
