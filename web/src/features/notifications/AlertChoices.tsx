import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertKind, AlertPreferences } from '@mzansi/api';
import { Card, CardContent, Spinner, toastError } from '../../ui';
import { apiJson, getQueryFn } from '../../lib/api';
import { useT, type MessageKey } from '../../i18n';

const KIND_LABELS: Record<AlertKind, MessageKey> = {
  'question-published': 'notif.kindQuestionPublished',
  'question-resolved': 'notif.kindQuestionResolved',
  'friend-request': 'notif.kindFriendRequest',
  'friend-accepted': 'notif.kindFriendAccepted',
  'comment-replied': 'notif.kindCommentReplied',
  'comment-agreed': 'notif.kindCommentAgreed',
  moderation: 'notif.kindModeration',
  'suggestion-used': 'notif.kindSuggestionUsed',
};

type Channel = 'push' | 'email';
const path = (userId: string) => `/api/users/${encodeURIComponent(userId)}/alert-preferences`;

/**
 * "What we tell you about": per kind of alert, a push and an e-mail choice, each saved when it changes (the inbox
 * keeps every item either way). The switches of the form above still decide whether e-mail and pushes go out at all.
 */
export function AlertChoices({ userId }: { userId: string }) {
  const t = useT();
  const id = useId();
  const qc = useQueryClient();
  const choices = useQuery({ queryKey: [path(userId)], queryFn: getQueryFn<AlertPreferences>({ on401: 'throw' }), select: (d) => d.preferences });
  // A tick shows at once, from this component's own state (the query cache tells its observers a tick later, and a
  // controlled checkbox would flick back meanwhile); each answer then settles only its own kind in the cache, so two
  // quick clicks on two kinds, two requests in flight, never undo each other. A refused save shows the saved value.
  const [ticked, setTicked] = useState<ReadonlyMap<string, boolean>>(new Map());
  const untick = (key: string, value: boolean) =>
    setTicked((m) => {
      if (m.get(key) !== value) return m;
      const next = new Map(m);
      next.delete(key);
      return next;
    });
  const change = useMutation({
    mutationFn: ({ kind, channel, value }: { kind: AlertKind; channel: Channel; value: boolean }) =>
      apiJson<AlertPreferences>('PUT', path(userId), { preferences: [{ kind, [channel]: value }] }),
    onSuccess: (saved, { kind }) => {
      const p = saved.preferences.find((x) => x.kind === kind);
      if (p) qc.setQueryData<AlertPreferences>([path(userId)], (now) => now && { preferences: now.preferences.map((x) => (x.kind === kind ? p : x)) });
    },
    onError: () => toastError(t('notif.kindsSaveFailed')),
    onSettled: (_d, _e, { kind, channel, value }) => untick(`${kind}:${channel}`, value),
  });
  const choose = (kind: AlertKind, channel: Channel, value: boolean) => {
    setTicked((m) => new Map(m).set(`${kind}:${channel}`, value));
    change.mutate({ kind, channel, value });
  };

  // The server lists every kind in its order; a kind this app has no words for (a newer server) is left out.
  const rows = (choices.data ?? []).filter((p) => p.kind in KIND_LABELS);
  return (
    <Card>
      <CardContent className="stack">
        <h2 className="notify-settings__kinds-title" id={`${id}-kinds`}>
          {t('notif.kindsTitle')}
        </h2>
        <p className="notify-settings__kinds-text">{t('notif.kindsText')}</p>
        {choices.isPending ? (
          <Spinner />
        ) : choices.isError ? (
          <p className="notify-settings__kinds-error">{t('notif.kindsError')}</p>
        ) : (
          <table className="alert-kinds" aria-labelledby={`${id}-kinds`}>
            <thead>
              <tr>
                <td />
                <th scope="col" id={`${id}-push`}>
                  {t('notif.kindPush')}
                </th>
                <th scope="col" id={`${id}-email`}>
                  {t('notif.kindEmail')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => {
                const { kind } = p;
                return (
                  <tr key={kind}>
                    <th scope="row" id={`${id}-${kind}`}>
                      {t(KIND_LABELS[kind])}
                    </th>
                    {(['push', 'email'] as const).map((channel) => (
                      <td key={channel}>
                        <input
                          type="checkbox"
                          className="alert-kinds__box"
                          checked={ticked.get(`${kind}:${channel}`) ?? p[channel]}
                          aria-labelledby={`${id}-${kind} ${id}-${channel}`}
                          onChange={(e) => choose(kind, channel, e.target.checked)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
