import { useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, Tabs } from '../../ui';
import type { User } from '../auth/types';
import { AccessDenied } from '../shell/AccessDenied';
import { ScreenHeader } from '../shell/ScreenHeader';
import { QuestionsTab } from './QuestionsTab';

export type AdminTab = 'analytics' | 'users' | 'questions' | 'suggestions' | 'manage';

const COMING_SOON: Record<Exclude<AdminTab, 'questions'>, string> = {
  analytics: 'Analytics are coming soon. Participation figures will appear here once they are built from real answers.',
  users: 'The user list is coming soon.',
  suggestions: 'Reviewing question suggestions is coming soon.',
  manage: 'More management tools are coming soon.',
};

function ComingSoon({ text }: { text: string }) {
  return (
    <Card className="notice-card">
      <CardContent>
        <h2 className="card__title">Coming soon</h2>
        <p className="card__description">{text}</p>
      </CardContent>
    </Card>
  );
}

/** /admin, /admin/testing and /newadmin: the same admin dashboard. */
export function AdminPage({ user }: { user: User }) {
  const [tab, setTab] = useState<AdminTab>('questions');
  if (!user.isAdmin) return <AccessDenied />;
  const content = (value: AdminTab) =>
    tab !== value ? null : value === 'questions' ? <QuestionsTab /> : <ComingSoon text={COMING_SOON[value]} />;
  return (
    <div>
      <ScreenHeader title="Admin Dashboard" subtitle={`Signed in as @${user.username}`} />
      <Tabs<AdminTab>
        label="Admin sections"
        className="tabs--scroll"
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'analytics', label: 'Analytics', content: content('analytics') },
          { value: 'users', label: 'Users', content: content('users') },
          { value: 'questions', label: 'Questions', content: content('questions') },
          { value: 'suggestions', label: 'Suggestions', content: content('suggestions') },
          { value: 'manage', label: 'Manage', content: content('manage') },
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
