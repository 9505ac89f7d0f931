// The Requests tab (received: accept or reject) and the Sent tab (cancel) of /friends.
import type { ReactNode } from 'react';
import { serverMessage } from '../../lib/api';
import { formatLongDate } from '../../lib/time';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, toast, toastError } from '../../ui';
import { useAcceptRequest, useCancelRequest, useRejectRequest, type FriendRequest } from './api';
import { Loading, PersonLine } from './PersonLine';
import { useT } from '../../i18n';

export function RequestsPanel({ userId, requests, loading }: { userId: string; requests: FriendRequest[]; loading: boolean }) {
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
    <RequestList title={t('friends.requestsTitle', { count: requests.length })} requests={requests} loading={loading} empty={t('friends.noPending')}>
      {(r) => (
        <>
          <PersonLine person={r.requester} extra={<span className="person__meta">{t('friends.sentOn', { date: r.createdAt ? formatLongDate(r.createdAt) : '' })}</span>} />
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
        </>
      )}
    </RequestList>
  );
}

export function SentPanel({ userId, requests, loading }: { userId: string; requests: FriendRequest[]; loading: boolean }) {
  const t = useT();
  const cancel = useCancelRequest(userId);
  const onCancel = (request: FriendRequest) =>
    cancel.mutate(request.id, {
      onSuccess: () => toast({ title: t('friends.cancelled'), description: t('friends.cancelledText', { name: request.receiver.name }) }),
      onError: (error) => toastError(serverMessage(error, t('friends.cancelFailed'))),
    });
  return (
    <RequestList
      title={t('friends.sentTitle', { count: requests.length })}
      hint={t('friends.sentHint')}
      requests={requests}
      loading={loading}
      empty={t('friends.noSent')}
    >
      {(r) => (
        <>
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
        </>
      )}
    </RequestList>
  );
}

/** A tab's card of friend requests: loading, its empty text, or one row per request. */
function RequestList(props: {
  title: string;
  /** A description for screen readers only. */
  hint?: string;
  requests: FriendRequest[];
  loading: boolean;
  empty: string;
  children: (request: FriendRequest) => ReactNode;
}) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
        {props.hint && <CardDescription className="visually-hidden">{props.hint}</CardDescription>}
      </CardHeader>
      <CardContent>
        {props.loading ? (
          <Loading text={t('friends.loadingRequests')} />
        ) : props.requests.length === 0 ? (
          <p className="friends-empty__text friends-empty">{props.empty}</p>
        ) : (
          <ul className="person-list">
            {props.requests.map((r) => (
              <li key={r.id} className="person-row">
                {props.children(r)}
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
