import { useState, type JSX } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, Tabs } from '../../ui';
import { useT } from '../../i18n';
import '../../i18n/later';
import type { User } from '../auth/types';
import { AccessDenied } from '../shell/AccessDenied';
import { ScreenHeader } from '../shell/ScreenHeader';
import { QuestionsTab } from './QuestionsTab';
import { AnalyticsTab } from './AnalyticsTab';
import { UsersTab } from './UsersTab';
import { SuggestionsTab } from './SuggestionsTab';
import { ManageTab } from './ManageTab';
import { AuditTab } from './AuditTab';
import { ModerationTab } from './ModerationTab';

export type AdminTab = 'analytics' | 'users' | 'questions' | 'suggestions' | 'moderation' | 'manage' | 'audit';

const TAB_CONTENT: Record<AdminTab, () => JSX.Element> = {
  analytics: AnalyticsTab,
  users: UsersTab,
  questions: QuestionsTab,
  suggestions: SuggestionsTab,
  moderation: ModerationTab,
  manage: ManageTab,
  audit: AuditTab,
};

/** /admin, /admin/testing and /newadmin: the same admin dashboard. */
export function AdminPage({ user }: { user: User }) {
  const [tab, setTab] = useState<AdminTab>('questions');
  const t = useT();
  if (!user.isAdmin) return <AccessDenied />;
  const content = (value: AdminTab) => {
    if (tab !== value) return null;
    const Content = TAB_CONTENT[value];
    return <Content />;
  };
  return (
    <div className="admin-page">
      <ScreenHeader title={t('admin.title')} subtitle={t('admin.signedInAs', { username: user.username })} />
      <Tabs<AdminTab>
        label={t('admin.sections')}
        className="tabs--grid"
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'analytics', label: t('admin.tabAnalytics'), content: content('analytics') },
          { value: 'users', label: t('admin.tabUsers'), content: content('users') },
          { value: 'questions', label: t('admin.tabQuestions'), content: content('questions') },
          { value: 'suggestions', label: t('admin.tabSuggestions'), content: content('suggestions') },
          { value: 'moderation', label: t('admin.tabModeration'), content: content('moderation') },
          { value: 'manage', label: t('admin.tabManage'), content: content('manage') },
          { value: 'audit', label: t('admin.tabAudit'), content: content('audit') },
        ]}
      />
    </div>
  );
}

/** /dashboard: simple admin placeholder. */
export function DashboardPage({ user }: { user: User }) {
  const t = useT();
  if (!user.isAdmin) return <AccessDenied />;
  return (
    <div>
      <ScreenHeader title={t('admin.dashboard')} />
      <Card className="notice-card">
        <CardContent>
          <p className="card__description">{t('admin.dashboardText')}</p>
          <Link className="btn btn--primary btn--md" to="/admin">
            {t('admin.openDashboard')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
