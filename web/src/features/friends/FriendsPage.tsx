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
import './friends.css';

type FriendsTab = 'friends' | 'requests' | 'sent';

export function FriendsPage() {
  const user = useUser();
  const header = <ScreenHeader title="Friends" subtitle={`Connect with other ${PRODUCT_NAME} users`} />;
  if (!user) {
    return (
      <div>
        {header}
        <Card className="notice-card">
          <CardContent>
            <h2 className="card__title">Sign In Required</h2>
            <p className="card__description">Please sign in to view your friends</p>
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
  const [tab, setTab] = useState<FriendsTab>('friends');
  const friends = useFriends(userId);
  const requests = useFriendRequests(userId);
  const sent = useSentRequests(userId);
  const requestCount = requests.requests.length;

  return (
    <Tabs<FriendsTab>
      label="Friends"
      value={tab}
      onValueChange={setTab}
      className="friends-tabs"
      items={[
        {
          value: 'friends',
          label: `Friends (${friends.friends.length})`,
          content: tab === 'friends' ? <FriendsPanel userId={userId} friends={friends.friends} loading={friends.isPending} /> : null,
        },
        {
          value: 'requests',
          label: (
            <>
              Requests ({requestCount})
              {requestCount > 0 && <span className="tab-badge" aria-hidden="true" />}
            </>
          ),
          content:
            tab === 'requests' ? <RequestsPanel userId={userId} requests={requests.requests} loading={requests.isPending} /> : null,
        },
        {
          value: 'sent',
          label: `Sent (${sent.requests.length})`,
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
  return (
    <div className="person">
      <Avatar name={person.name} />
      <div className="person__text">
        <div className="person__name-row">
          <span className="person__name">{person.name}</span>
          {person.isAdmin && <Badge variant="gold">Admin</Badge>}
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
  return (
    <div className="stack">
      <AddFriendCard userId={userId} />
      <Card>
        <CardHeader>
          <CardTitle>Your Friends ({friends.length})</CardTitle>
        </CardHeader>
        <CardContent>
          {loading ? (
            <Loading text="Loading friends..." />
          ) : friends.length === 0 ? (
            <div className="friends-empty">
              <p className="friends-empty__title">No friends yet</p>
              <p className="friends-empty__text">Add some friends to see their predictions!</p>
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
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Person | null>(null);
  const add = useAddFriend(userId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!selected) {
      toastError('Please select a user from the dropdown list first', 'No User Selected');
      return;
    }
    add.mutate(
      { friendId: selected.id },
      {
        onSuccess: (result) => {
          setSearch('');
          setSelected(null);
          toast({ title: result?.message || (result?.becameFriends ? 'You are now friends!' : 'Friend request sent') });
        },
        onError: (error) => toastError(serverMessage(error, 'Failed to send friend request')),
      },
    );
  };

  return (
    <Card className="add-friend">
      <CardHeader>
        <CardTitle>Add Friend</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="add-friend__form" onSubmit={onSubmit} aria-label="Add Friend">
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
            <div className="add-friend__selected" aria-label="Selected user" role="group">
              <PersonLine person={selected} />
            </div>
          )}
          <Button type="submit" block disabled={!selected || add.isPending}>
            {add.isPending ? 'Sending...' : 'Send Friend Request'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RequestsPanel({ userId, requests, loading }: { userId: string; requests: FriendRequest[]; loading: boolean }) {
  const accept = useAcceptRequest(userId);
  const reject = useRejectRequest(userId);
  const busyId = accept.isPending ? accept.variables : reject.isPending ? reject.variables : null;

  const onAccept = (id: string) =>
    accept.mutate(id, {
      onSuccess: () => toast({ title: 'Friend Request Accepted', description: 'You are now friends!' }),
      onError: () => toastError('Failed to accept friend request'),
    });
  const onReject = (id: string) =>
    reject.mutate(id, {
      onSuccess: () => toast({ title: 'Friend Request Rejected', description: 'Friend request declined' }),
      onError: () => toastError('Failed to reject friend request'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Friend Requests ({requests.length})</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Loading text="Loading requests..." />
        ) : requests.length === 0 ? (
          <p className="friends-empty__text friends-empty">No pending requests</p>
        ) : (
          <ul className="person-list">
            {requests.map((r) => (
              <li key={r.id} className="person-row">
                <PersonLine
                  person={r.requester}
                  extra={<span className="person__meta">Sent {formatLongDate(r.createdAt)}</span>}
                />
                <div className="person-row__actions">
                  <button
                    type="button"
                    className="icon-btn icon-btn--accept"
                    aria-label={`Accept friend request from ${r.requester.name}`}
                    title="Accept"
                    disabled={busyId === r.id}
                    onClick={() => onAccept(r.id)}
                  >
                    <CheckIcon />
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn--reject"
                    aria-label={`Reject friend request from ${r.requester.name}`}
                    title="Reject"
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
  const cancel = useCancelRequest(userId);
  const onCancel = (request: FriendRequest) =>
    cancel.mutate(request.id, {
      onSuccess: () => toast({ title: 'Request cancelled', description: `Your request to ${request.receiver.name} was taken back.` }),
      onError: (error) => toastError(serverMessage(error, 'Failed to cancel the request')),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sent Requests ({requests.length})</CardTitle>
        <CardDescription className="visually-hidden">Requests waiting for an answer</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Loading text="Loading requests..." />
        ) : requests.length === 0 ? (
          <p className="friends-empty__text friends-empty">No sent requests</p>
        ) : (
          <ul className="person-list">
            {requests.map((r) => (
              <li key={r.id} className="person-row">
                <PersonLine person={r.receiver} />
                <div className="person-row__actions">
                  <Badge variant="outline" className="person-row__pending">
                    Pending
                  </Badge>
                  <button
                    type="button"
                    className="icon-btn icon-btn--reject"
                    aria-label={`Cancel friend request to ${r.receiver.name}`}
                    title="Cancel request"
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
