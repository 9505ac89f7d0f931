import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle, Tabs } from '../../ui';
import { useUser } from '../auth/useSession';
import { PRODUCT_NAME } from '../shell/Brand';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useFriendRequests, useFriends, useSentRequests, type Person } from './api';
import { AddFriendCard } from './AddFriendCard';
import { Loading, PersonLine } from './PersonLine';
import { RequestsPanel, SentPanel } from './RequestPanels';
import { useT } from '../../i18n';
import './friends.css';

type FriendsTab = 'friends' | 'requests' | 'sent';

export function FriendsPage() {
  const user = useUser();
  const t = useT();
  const header = <ScreenHeader title={t('friends.title')} subtitle={t('friends.subtitle', { product: PRODUCT_NAME })} />;
  if (!user) {
    return (
      <div>
        {header}
        <Card className="notice-card">
          <CardContent>
            <h2 className="card__title">{t('friends.signInTitle')}</h2>
            <p className="card__description">{t('friends.signInText')}</p>
          </CardContent>
        </Card>
      </div>
    );
  }
  return (
    <div className="friends-page">
      {header}
      <FriendsTabs userId={user.id} />
    </div>
  );
}

function FriendsTabs({ userId }: { userId: string }) {
  const t = useT();
  const [tab, setTab] = useState<FriendsTab>('friends');
  const friends = useFriends(userId);
  const requests = useFriendRequests(userId);
  const sent = useSentRequests(userId);
  const requestCount = requests.requests.length;

  return (
    <Tabs<FriendsTab>
      label={t('friends.title')}
      value={tab}
      onValueChange={setTab}
      className="friends-tabs"
      items={[
        {
          value: 'friends',
          label: t('friends.tabFriends', { count: friends.friends.length }),
          content: tab === 'friends' ? <FriendsPanel userId={userId} friends={friends.friends} loading={friends.isPending} /> : null,
        },
        {
          value: 'requests',
          label: (
            <>
              {t('friends.tabRequests', { count: requestCount })}
              {requestCount > 0 && <span className="tab-badge" aria-hidden="true" />}
            </>
          ),
          content:
            tab === 'requests' ? <RequestsPanel userId={userId} requests={requests.requests} loading={requests.isPending} /> : null,
        },
        {
          value: 'sent',
          label: t('friends.tabSent', { count: sent.requests.length }),
          content: tab === 'sent' ? <SentPanel userId={userId} requests={sent.requests} loading={sent.isPending} /> : null,
        },
      ]}
    />
  );
}

function FriendsPanel({ userId, friends, loading }: { userId: string; friends: Person[]; loading: boolean }) {
  const t = useT();
  return (
    <div className="stack">
      <AddFriendCard userId={userId} />
      <Card>
        <CardHeader>
          <CardTitle>{t('friends.yourFriends', { count: friends.length })}</CardTitle>
        </CardHeader>
        <CardContent>
          {loading ? (
            <Loading text={t('friends.loading')} />
          ) : friends.length === 0 ? (
            <div className="friends-empty">
              <p className="friends-empty__title">{t('friends.emptyTitle')}</p>
              <p className="friends-empty__text">{t('friends.emptyText')}</p>
            </div>
          ) : (
            <ul className="person-list">
              {friends.map((f) => (
                <li key={f.id} className="person-row">
                  <PersonLine person={f} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
