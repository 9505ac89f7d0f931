import { Router } from 'express';
import type { Actor } from '@mzansi/kit/base';
import { SuggestionStatus, type Suggestion } from '@mzansi/proto/questions/v1/questions';
import { IdTextParams, SuggestionBody, SuggestionQuery, SuggestionReviewBody, type Suggestion as SuggestionJson } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { badRequest, ISSUE_MESSAGE, parse } from '../errors.js';
import { refuseIfSuspended } from '../suspension.js';
import { questionJson } from '../questions.js';
import { send } from '../respond.js';
import { requireActor, requireAdmin } from '../session.js';

const STATUS: Record<string, SuggestionStatus> = {
  pending: SuggestionStatus.SUGGESTION_STATUS_PENDING,
  approved: SuggestionStatus.SUGGESTION_STATUS_APPROVED,
  rejected: SuggestionStatus.SUGGESTION_STATUS_REJECTED,
  used: SuggestionStatus.SUGGESTION_STATUS_USED,
};
/** A status by name; own keys only (`toString`, `constructor`… are not statuses). */
const statusOf = (name: string | null | undefined) => (name && Object.hasOwn(STATUS, name) ? STATUS[name] : undefined);
const STATUS_NAME = new Map(Object.entries(STATUS).map(([k, v]) => [v, k]));

/** Suggestions with their authors' names, from one identity call for the whole list. */
async function suggestionsJson(clients: Clients, list: Suggestion[], actor: Actor): Promise<SuggestionJson[]> {
  if (list.length === 0) return [];
  const ids = [...new Set(list.map((s) => s.userId))];
  const { users } = await clients.identity.getUsers({ ids }, { actor });
  const byId = new Map(users.map((u) => [u.id, u]));
  return list.map((s) => {
    const u = byId.get(s.userId);
    return {
      id: s.id,
      title: s.title,
      description: s.description || null,
      status: (STATUS_NAME.get(s.status) ?? 'pending') as SuggestionJson['status'],
      adminNotes: s.adminNotes || null,
      user: { id: s.userId, name: u?.name ?? 'Unknown user', username: u?.username ?? '' },
      createdAt: s.createdAt?.toISOString() ?? null,
      updatedAt: s.updatedAt?.toISOString() ?? null,
      questionId: s.questionId || null,
    };
  });
}

/** /api/question-suggestions: users suggest and see their own; admins see all, review and delete (only they). */
export function suggestionsRouter({ clients }: { clients: Clients }): Router {
  const r = Router();

  r.post('/', async (req, res) => {
    const actor = requireActor(res);
    const body = parse(SuggestionBody, req.body, ISSUE_MESSAGE);
    await refuseIfSuspended(clients, actor);
    const { suggestion } = await clients.questions.createSuggestion({ title: body.title, description: body.description ?? '' }, { actor });
    send(res, 'POST /api/question-suggestions', 201, (await suggestionsJson(clients, [suggestion!], actor))[0]!);
  });

  r.get('/', async (req, res) => {
    const actor = requireActor(res);
    const q = parse(SuggestionQuery, req.query, ISSUE_MESSAGE);
    let status = SuggestionStatus.SUGGESTION_STATUS_UNSPECIFIED;
    if (q.status) {
      const s = statusOf(q.status);
      if (s === undefined) throw badRequest('status must be one of pending, approved, rejected, used');
      status = s;
    }
    if (q.user && q.user !== 'me' && q.user.toLowerCase() !== actor.id) throw badRequest('user must be "me"');
    const { suggestions } = await clients.questions.listSuggestions({ status, mineOnly: !!q.user }, { actor });
    send(res, 'GET /api/question-suggestions', 200, await suggestionsJson(clients, suggestions, actor));
  });

  r.put('/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params, ISSUE_MESSAGE);
    const body = parse(SuggestionReviewBody, req.body, ISSUE_MESSAGE);
    const status = statusOf(body.status) ?? SuggestionStatus.SUGGESTION_STATUS_UNSPECIFIED;
    const { suggestion } = await clients.questions.reviewSuggestion({ id, status, adminNotes: body.adminNotes ?? '' }, { actor });
    send(res, 'PUT /api/question-suggestions/{id}', 200, (await suggestionsJson(clients, [suggestion!], actor))[0]!);
  });

  // "Use": a draft made from the suggestion, linked to it (409 when it has one already).
  r.post('/:id/use', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params, ISSUE_MESSAGE);
    const { question, suggestion } = await clients.questions.useSuggestion({ id }, { actor });
    const [json] = await suggestionsJson(clients, [suggestion!], actor);
    send(res, 'POST /api/question-suggestions/{id}/use', 201, { question: questionJson(question!, undefined, 0, true), suggestion: json! });
  });

  // Deletion is admin-only like review (403 for everyone else, the author included); questions checks it too.
  r.delete('/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params, ISSUE_MESSAGE);
    await clients.questions.deleteSuggestion({ id }, { actor });
    send(res, 'DELETE /api/question-suggestions/{id}', 200, { success: true });
  });

  return r;
}
