import { audited, enqueueEvent, isUuid, notFound, type Clock } from '@mzansi/kit';
import { SuggestionStatus, type Suggestion } from '@mzansi/proto/questions/v1/questions';
import type { SuggestionRow } from '../../data-access/schema.js';
import { suggestionsForExport } from '../../data-access/account-repo.js';
import * as repo from '../../data-access/suggestions-repo.js';
import { insertQuestion } from '../../data-access/questions-repo.js';
import { assertCanDelete, draftFromSuggestion, SUGGESTION_MESSAGES as M, validateReview, validateSuggestion, type SuggestionStatus as Status } from '../../domain/suggestions.js';
import { questionsAudit, requireAdmin, toQuestion, type Ctx, type QuestionsHandlers } from './common.js';

const TO_PROTO: Record<Status, SuggestionStatus> = {
  pending: SuggestionStatus.SUGGESTION_STATUS_PENDING,
  approved: SuggestionStatus.SUGGESTION_STATUS_APPROVED,
  rejected: SuggestionStatus.SUGGESTION_STATUS_REJECTED,
  used: SuggestionStatus.SUGGESTION_STATUS_USED,
};

/** The domain status of a protobuf one; null for UNSPECIFIED and unknown values. */
function fromProto(s: SuggestionStatus): Status | null {
  return (Object.keys(TO_PROTO) as Status[]).find((k) => TO_PROTO[k] === s) ?? null;
}

/** A suggestion as the contract has it; `questionId` when the caller knows the question made from it. */
export function toSuggestion(row: SuggestionRow & { questionId?: string | null }): Suggestion {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    description: row.description ?? '',
    status: TO_PROTO[row.status],
    adminNotes: row.adminNotes ?? '',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    questionId: row.questionId ?? '',
  };
}

/** Question suggestions: users suggest and see their own; admins see all, review and delete (only they may). */
export function suggestionHandlers(
  ctx: Ctx,
  clock: Clock,
): Pick<QuestionsHandlers, 'createSuggestion' | 'listSuggestions' | 'reviewSuggestion' | 'useSuggestion' | 'deleteSuggestion' | 'getQuestionStats' | 'exportUserData'> {
  const audit = questionsAudit(ctx, clock);
  return {
    async createSuggestion(req, call) {
      const actor = call.requireActor();
      const { title, description } = validateSuggestion(req);
      const now = clock();
      const row = await repo.insertSuggestion(ctx.db, { userId: actor.id, title, description, status: 'pending', createdAt: now, updatedAt: now });
      return { suggestion: toSuggestion(row) };
    },

    async listSuggestions(req, call) {
      const actor = call.requireActor();
      const status = fromProto(req.status) ?? undefined;
      // Non-admins only ever see their own.
      const userId = !actor.isAdmin || req.mineOnly ? actor.id : undefined;
      return { suggestions: (await repo.listSuggestions(ctx.db, { userId, status })).map(toSuggestion) };
    },

    async reviewSuggestion(req, call) {
      const actor = requireAdmin(call);
      // Audited with the new status as its label (not the title: that is the author's text, kept out of the log).
      const target = { targetType: 'suggestion', targetId: req.id, targetLabel: fromProto(req.status) ?? '' };
      const row = await audited(audit, { actorId: actor.id, action: 'suggestion.review', target }, async (tx) => {
        const { status, adminNotes } = validateReview({ status: fromProto(req.status), adminNotes: req.adminNotes });
        if (!isUuid(req.id)) throw notFound(M.notFound);
        const existing = await repo.findSuggestionForUpdate(tx, req.id);
        if (!existing) throw notFound(M.notFound);
        const now = clock();
        const updated = await repo.updateSuggestion(tx, existing.id, { status, adminNotes, updatedAt: now });
        // The author's inbox hears of it once: when the status becomes 'used', not on every later review.
        if (status === 'used' && existing.status !== 'used') {
          await enqueueEvent(tx, 'questions.suggestion.used', { suggestionId: updated.id, userId: updated.userId, text: updated.title, at: now, questionId: '' }, { occurredAt: now });
        }
        return { ...updated, questionId: await repo.questionOfSuggestion(tx, updated.id) };
      });
      return { suggestion: toSuggestion(row) };
    },

    async useSuggestion(req, call) {
      const actor = requireAdmin(call);
      const target = { targetType: 'suggestion', targetId: req.id, targetLabel: 'draft' };
      const { question, suggestion } = await audited(audit, { actorId: actor.id, action: 'suggestion.use', target }, async (tx) => {
        if (!isUuid(req.id)) throw notFound(M.notFound);
        // Locked: two clicks on "Use" make one draft (and the unique index on questions.suggestion_id says so too).
        const existing = await repo.findSuggestionForUpdate(tx, req.id);
        if (!existing) throw notFound(M.notFound);
        const now = clock();
        const draft = draftFromSuggestion(existing, (await repo.questionOfSuggestion(tx, existing.id)) !== null, now);
        const created = await insertQuestion(tx, { ...draft, createdAt: now, suggestionId: existing.id });
        // Taken up: a pending suggestion is approved now, and used once its question is published.
        const updated = existing.status === 'pending' ? await repo.updateSuggestion(tx, existing.id, { status: 'approved', updatedAt: now }) : existing;
        return { question: created, suggestion: { ...updated, questionId: created.id } };
      });
      return { question: toQuestion(question, clock()), suggestion: toSuggestion(suggestion) };
    },

    async deleteSuggestion(req, call) {
      // Before any lookup: non-admins learn nothing about which ids exist.
      const actor = call.requireActor();
      assertCanDelete(actor);
      await audited(audit, { actorId: actor.id, action: 'suggestion.delete', target: { targetType: 'suggestion', targetId: req.id } }, async (tx) => {
        if (!isUuid(req.id)) throw notFound(M.notFound);
        const existing = await repo.findSuggestionForUpdate(tx, req.id);
        if (!existing) throw notFound(M.notFound);
        await repo.deleteSuggestion(tx, existing.id);
      });
      return {};
    },

    async exportUserData(_req, call) {
      // Download my data: the acting user's own suggestions, whatever their status.
      const actor = call.requireActor();
      return { suggestions: (await suggestionsForExport(ctx.db, actor.id)).map(toSuggestion) };
    },

    async getQuestionStats(_req, call) {
      requireAdmin(call);
      return repo.questionStats(ctx.db);
    },
  };
}
