import type { Router } from 'express';
import { AlertPreferencesBody, InboxQuery, InboxReadBody, UserIdParams, type AlertPreferences } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { fromGrpc, inboxItemJson, resolvedQuestionIds } from '../inbox.js';
import { send } from '../respond.js';
import { requireActor, requireSelf } from '../session.js';

const PAGE = 30;

const alertChoices = ({ preferences }: { preferences: { kind: string; push: boolean; email: boolean }[] }) =>
  ({ preferences: preferences.map(({ kind, push, email }) => ({ kind, push, email })) }) as AlertPreferences;

/**
 * /api/users/{id}/inbox and /alert-preferences: the signed-in person's own inbox and alert choices only (403 for anyone else's, admins included). A page's
 * resolutions get the viewer's outcome from their own answers: one voting call for the whole page.
 */
export function inboxRoutes(r: Router, { clients }: { clients: Clients }): void {
  r.get('/:id/inbox', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const { before } = parse(InboxQuery, req.query, 'before must be a date and time');
    const { items } = await clients.notification.listInbox({ before: before ? new Date(before) : undefined, limit: PAGE }, { actor });
    const stored = items.map(fromGrpc);
    const questionIds = resolvedQuestionIds(stored);
    const answers = new Map<string, string>();
    if (questionIds.length > 0) {
      const { answers: mine } = await clients.voting.getAnswersByUsers({ questionIds, userIds: [actor.id] }, { actor });
      for (const a of mine) if (a.userId === actor.id) answers.set(a.questionId, a.optionId);
    }
    send(res, 'GET /api/users/{id}/inbox', 200, {
      items: stored.flatMap((i) => inboxItemJson(i, answers) ?? []),
      nextBefore: stored.length === PAGE ? stored[stored.length - 1]!.createdAt : null,
    });
  });

  r.get('/:id/inbox/unread', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const { count } = await clients.notification.countUnreadInbox({}, { actor });
    send(res, 'GET /api/users/{id}/inbox/unread', 200, { count });
  });

  r.put('/:id/inbox/read', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const body = parse(InboxReadBody, req.body, 'Send the ids of the items to mark read, or all: true');
    const { unread } = await clients.notification.markInboxRead('all' in body ? { ids: [], all: true } : { ids: body.ids, all: false }, { actor });
    send(res, 'PUT /api/users/{id}/inbox/read', 200, { unread });
  });

  r.get('/:id/alert-preferences', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    send(res, 'GET /api/users/{id}/alert-preferences', 200, alertChoices(await clients.notification.getAlertPreferences({}, { actor })));
  });

  r.put('/:id/alert-preferences', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const { preferences } = parse(AlertPreferencesBody, req.body, 'Send the kinds of alert to change, each with push and/or email');
    const changed = await clients.notification.setAlertPreferences({ changes: preferences }, { actor });
    send(res, 'PUT /api/users/{id}/alert-preferences', 200, alertChoices(changed));
  });
}
