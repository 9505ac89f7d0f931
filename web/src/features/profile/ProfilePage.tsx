import '../../i18n/later';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, Spinner, Tabs } from '../../ui';
import { formatMonthYear } from '../../lib/time';
import { initials } from '../shell/initials';
import { useUser } from '../auth/useSession';
import { ProfileSettings } from '../notifications/ProfileSettings';
import { PrivacySettings } from '../privacy/PrivacySettings';
import { StatsTab } from './StatsTab';
import { YourData } from './YourData';
import { AccountSettings } from '../account/AccountSettings';
import { EmailReminder } from '../account/EmailReminder';
import { DataSaverSettings } from '../datasaver/DataSaverSettings';
import { useT } from '../../i18n';
import './profile.css';

type ProfileTab = 'stats' | 'settings' | 'account' | 'privacy';

/** /profile (spec §2): name, 'Predicting since', and the Stats and Settings tabs. */
export function ProfilePage() {
  const user = useUser();
  const t = useT();
  const [params] = useSearchParams();
  // ?tab=privacy: where the leaderboard's "not listed" note leads.
  const [tab, setTab] = useState<ProfileTab>(params.get('tab') === 'privacy' ? 'privacy' : 'stats');
  if (!user) return <Spinner />;
  return (
    <div className="stack profile-page">
      <Card className="profile-hero">
        <CardContent className="profile-card">
          <span className="avatar avatar--lg" aria-hidden="true">
            {initials(user.name)}
          </span>
          <div className="profile-card__body">
            <h1 className="profile-card__name">{user.name}</h1>
            <p className="profile-card__meta">@{user.username}</p>
            {user.joinDate && <p className="profile-card__meta">{t('profile.since', { date: formatMonthYear(user.joinDate) })}</p>}
            {/* A moderator replaced an offensive display name: the person is told, with the reason. */}
            {user.nameReplacedReason && <p className="profile-card__meta">{t('profile.nameReplaced', { reason: user.nameReplacedReason })}</p>}
          </div>
        </CardContent>
      </Card>
      <EmailReminder user={user} />
      <Tabs<ProfileTab>
        className="tabs--scroll"
        label={t('nav.profile')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'stats', label: t('profile.stats'), content: tab === 'stats' ? <StatsTab userId={user.id} /> : null },
          {
            value: 'settings',
            label: t('profile.settings'),
            content:
              tab === 'settings' ? (
                <div className="stack">
                  <ProfileSettings />
                  <DataSaverSettings />
                </div>
              ) : null,
          },
          { value: 'account', label: t('profile.account'), content: tab === 'account' ? <AccountSettings /> : null },
          {
            value: 'privacy',
            label: t('profile.privacy'),
            content:
              tab === 'privacy' ? (
                <div className="stack">
                  <PrivacySettings />
                  <YourData />
                </div>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
