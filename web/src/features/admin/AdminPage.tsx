import { useState, type JSX } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, Tabs } from '../../ui';
import type { User } from '../auth/types';
import { AccessDenied } from '../shell/AccessDenied';
import { ScreenHeader } from '../shell/ScreenHeader';
import { QuestionsTab } from './QuestionsTab';
import { AnalyticsTab } from './AnalyticsTab';
import { UsersTab } from './UsersTab';
import { SuggestionsTab } from './SuggestionsTab';
import { ManageTab } from './ManageTab';
import { AuditTab } from './AuditTab';

export type AdminTab = 'analytics' | 'users' | 'questions' | 'suggestions' | 'manage' | 'audit';

const TAB_CONTENT: Record<AdminTab, () => JSX.Element> = {
  analytics: AnalyticsTab,
  users: UsersTab,
  questions: QuestionsTab,
  suggestions: SuggestionsTab,
  manage: ManageTab,
  audit: AuditTab,
};

/** /admin, /admin/testing and /newadmin: the same admin dashboard. */
export function AdminPage({ user }: { user: User }) {
  const [tab, setTab] = useState<AdminTab>('questions');
  if (!user.isAdmin) return <AccessDenied />;
  const content = (value: AdminTab) => {
    if (tab !== value) return null;
    const Content = TAB_CONTENT[value];
    return <Content />;
  };
  return (
    <div className="admin-page">
      <ScreenHeader title="Admin Dashboard" subtitle={`Signed in as @${user.username}`} />
      <Tabs<AdminTab>
        label="Admin sections"
        className="tabs--grid"
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'analytics', label: 'Analytics', content: content('analytics') },
          { value: 'users', label: 'Users', content: content('users') },
          { value: 'questions', label: 'Questions', content: content('questions') },
          { value: 'suggestions', label: 'Suggestions', content: content('suggestions') },
          { value: 'manage', label: 'Manage', content: content('manage') },
          { value: 'audit', label: 'Audit', content: content('audit') },
        ]}
      />
    </div>
  );
}

/** /dashboard: simple admin placeholder. */
export function DashboardPage({ user }: { user: User }) {
  if (!user.isAdmin) return <AccessDenied />;
  return (
    <div>
      <ScreenHeader title="Dashboard" />
      <Card className="notice-card">
        <CardContent>
          <p className="card__description">Question management lives in the admin dashboard.</p>
          <Link className="btn btn--primary btn--md" to="/admin">
            Open Admin Dashboard
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
