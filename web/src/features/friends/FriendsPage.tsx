import { useState, type FormEvent, type ReactNode } from 'react';
import { serverMessage } from '../../lib/api';
import { formatLongDate } from '../../lib/time';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Tabs, toast, toastError } from '../../ui';
import { useUser } from '../auth/useSession';
import { PRODUCT_NAME } from '../shell/Brand';
import { ScreenHeader } from '../shell/ScreenHeader';
import {
  initials,
  useAcceptRequest,
  useAddFriend,
  useFriendRequests,
  useFriends,
  useRejectRequest,
  useSentRequests,
  useCancelRequest,
  type FriendRequest,
  type Person,
} from './api';
import { UserSearch } from './UserSearch';
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

function Avatar({ name }: { name: string }) {
  return (
    <span className="person__avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

function PersonLine({ person, extra }: { person: Person; extra?: ReactNode }) {
  const t = useT();
  return (
    <div className="person">
      <Avatar name={person.name} />
      <div className="person__text">
        <div className="person__name-row">
          <span className="person__name">{person.name}</span>
          {person.isAdmin && <Badge variant="gold">{t('nav.admin')}</Badge>}
        </div>
        <span className="person__username">@{person.username}</span>
        {extra}
      </div>
    </div>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <div className="loading-note" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span>{text}</span>
    </div>
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

/** Add Friend: search, pick from the dropdown, send a request (spec §2, §4, §5). */
export function AddFriendCard({ userId }: { userId: string }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Person | null>(null);
  const add = useAddFriend(userId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!selected) {
      toastError(t('friends.selectFirst'), t('friends.noUserSelected'));
      return;
    }
    add.mutate(
      { friendId: selected.id },
      {
        onSuccess: (result) => {
          setSearch('');
          setSelected(null);
          toast({ title: result?.becameFriends ? t('friends.nowFriends') : t('friends.requestSent') });
        },
        onError: (error) => toastError(serverMessage(error, t('friends.sendFailed'))),
      },
    );
  };

  return (
    <Card className="add-friend">
      <CardHeader>
        <CardTitle>{t('friends.add')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="add-friend__form" onSubmit={onSubmit} aria-label={t('friends.add')}>
          <UserSearch
            value={search}
            onValueChange={(value) => {
              setSearch(value);
              setSelected(null);
            }}
            onPick={(person) => {
              setSelected(person);
              setSearch(person.username);
            }}
          />
          {selected && (
            <div className="add-friend__selected" aria-label={t('friends.selected')} role="group">
              <PersonLine person={selected} />
            </div>
          )}
          <Button type="submit" block disabled={!selected || add.isPending}>
            {add.isPending ? t('friends.sending') : t('friends.send')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RequestsPanel({ userId, requests, loading }: { userId: string; requests: FriendRequest[]; loading: boolean }) {
  const t = useT();
  const accept = useAcceptRequest(userId);
  const reject = useRejectRequest(userId);
  const busyId = accept.isPending ? accept.variables : reject.isPending ? reject.variables : null;

  const onAccept = (id: string) =>
    accept.mutate(id, {
      onSuccess: () => toast({ title: t('friends.accepted'), description: t('friends.nowFriends') }),
      onError: () => toastError(t('friends.acceptFailed')),
    });
  const onReject = (id: string) =>
    reject.mutate(id, {
      onSuccess: () => toast({ title: t('friends.rejected'), description: t('friends.declined') }),
      onError: () => toastError(t('friends.rejectFailed')),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('friends.requestsTitle', { count: requests.length })}</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Loading text={t('friends.loadingRequests')} />
        ) : requests.length === 0 ? (
          <p className="friends-empty__text friends-empty">{t('friends.noPending')}</p>
        ) : (
          <ul className="person-list">
            {requests.map((r) => (
              <li key={r.id} className="person-row">
                <PersonLine
                  person={r.requester}
                  extra={<span className="person__meta">{t('friends.sentOn', { date: formatLongDate(r.createdAt) })}</span>}
                />
                <div className="person-row__actions">
                  <button
                    type="button"
                    className="icon-btn icon-btn--accept"
                    aria-label={t('friends.acceptFrom', { name: r.requester.name })}
                    title={t('friends.accept')}
                    disabled={busyId === r.id}
                    onClick={() => onAccept(r.id)}
                  >
                    <CheckIcon />
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn--reject"
                    aria-label={t('friends.rejectFrom', { name: r.requester.name })}
                    title={t('friends.reject')}
                    disabled={busyId === r.id}
                    onClick={() => onReject(r.id)}
                  >
                    <CrossIcon />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SentPanel({ userId, requests, loading }: { userId: string; requests: FriendRequest[]; loading: boolean }) {
  const t = useT();
  const cancel = useCancelRequest(userId);
  const onCancel = (request: FriendRequest) =>
    cancel.mutate(request.id, {
      onSuccess: () => toast({ title: t('friends.cancelled'), description: t('friends.cancelledText', { name: request.receiver.name }) }),
      onError: (error) => toastError(serverMessage(error, t('friends.cancelFailed'))),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('friends.sentTitle', { count: requests.length })}</CardTitle>
        <CardDescription className="visually-hidden">{t('friends.sentHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Loading text={t('friends.loadingRequests')} />
        ) : requests.length === 0 ? (
          <p className="friends-empty__text friends-empty">{t('friends.noSent')}</p>
        ) : (
          <ul className="person-list">
            {requests.map((r) => (
              <li key={r.id} className="person-row">
                <PersonLine person={r.receiver} />
                <div className="person-row__actions">
                  <Badge variant="outline" className="person-row__pending">
                    {t('friends.pending')}
                  </Badge>
                  <button
                    type="button"
                    className="icon-btn icon-btn--reject"
                    aria-label={t('friends.cancelTo', { name: r.receiver.name })}
                    title={t('friends.cancel')}
                    disabled={cancel.isPending && cancel.variables === r.id}
                    onClick={() => onCancel(r)}
                  >
                    <CrossIcon />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CheckIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="m5 12 5 5 9-10" />
    </svg>
  );
}

function CrossIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
