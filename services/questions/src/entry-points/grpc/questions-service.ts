import type { Server } from '@grpc/grpc-js';
import { audited, auditEventWriter, enqueueEvent, forbidden, invalid, isUuid, notFound, sastDayBounds, unaryService, type AuditDeps, type CallContext, type Clock, codedMessage } from '@mzansi/kit';
import type { events } from '@mzansi/proto';
import { QuestionsServiceService, type Question, type QuestionsServiceServer } from '@mzansi/proto/questions/v1/questions';
import * as repo from '../../data-access/questions-repo.js';
import type { QuestionRow } from '../../data-access/schema.js';
import { assertCanArchive, assertCanPublish, assertCanResolve, validateNewQuestion, validateTranslations } from '../../domain/questions.js';
import { researchHandlers } from './research-handlers.js';
import { suggestionHandlers } from './suggestions-handlers.js';
import { isCursor, searchQuery } from '../../domain/archive.js';
import type { QuestionsContext } from '../../context.js';

type Ctx = QuestionsContext;

/** The stored translations as the contracts carry them (context and options always present). */
function translationsOf(row: QuestionRow) {
  return Object.fromEntries(
    Object.entries(row.translations ?? {}).flatMap(([language, t]) =>
      t ? [[language, { text: t.text, context: t.context ?? '', options: t.options ?? {} }]] : [],
    ),
  );
}

export function toQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    text: row.text,
    context: row.context ?? '',
    date: row.date,
    options: row.options,
    correctOptionId: row.correctOptionId ?? '',
    isActive: row.isActive,
    isResolved: row.isResolved,
    isArchived: row.isArchived,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt ?? undefined,
    createdAt: row.createdAt,
    tags: row.tags,
    isSample: row.isSample,
    isBlind: row.isBlind,
    translations: translationsOf(row),
  };
}

export function toSnapshot(row: QuestionRow): events.QuestionSnapshot {
  return {
    id: row.id,
    text: row.text,
    context: row.context ?? '',
    date: row.date,
    options: row.options,
    publishedAt: row.publishedAt ?? undefined,
    tags: row.tags,
    isBlind: row.isBlind,
    translations: translationsOf(row),
  };
}

const NOT_FOUND = codedMessage('questionNotFound', 'Question not found');

function requireAdmin(call: CallContext) {
  const actor = call.requireActor();
  if (!actor.isAdmin) throw forbidden('Admin access required');
  return actor;
}

function checkId(id: string): string {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  return id;
}

/** How questions' admin actions reach the audit log: an event in the action's own transaction (kit/audit.ts). */
export const questionsAudit = (ctx: Ctx, clock: Clock): AuditDeps => ({
  transaction: (fn) => ctx.transaction(fn),
  logger: ctx.logger,
  write: auditEventWriter('questions'),
  clock,
});

export function registerQuestionsService(ctx: Ctx, server: Server, clock: Clock) {
  const audit = questionsAudit(ctx, clock);
  /**
   * Locks the question, checks the transition, applies it and writes its event and its audit record, all in one
   * transaction; a refused transition is audited as a failure.
   */
  async function transition(
    id: string,
    who: { actorId: string; action: string },
    apply: (row: QuestionRow, tx: Parameters<Parameters<Ctx['transaction']>[0]>[0]) => Promise<QuestionRow>,
  ) {
    return audited(audit, { ...who, target: { targetType: 'question', targetId: id } }, async (tx, target) => {
      const row = await repo.findForUpdate(tx, checkId(id));
      if (!row) throw notFound(NOT_FOUND);
      target.targetLabel = row.text;
      return apply(row, tx);
    });
  }

  server.addService(
    QuestionsServiceService,
    unaryService<QuestionsServiceServer>(
      QuestionsServiceService,
      {
        async createQuestion(req, call) {
          const actor = requireAdmin(call);
          const row = await audited(
            audit,
            { actorId: actor.id, action: 'question.create', target: { targetType: 'question', targetId: '', targetLabel: req.text } },
            async (tx, target) => {
              const q = validateNewQuestion(req);
              const created = await repo.insertQuestion(tx, { ...q, createdAt: clock() });
              target.targetId = created.id;
              target.targetLabel = created.text;
              return created;
            },
          );
          return { question: toQuestion(row) };
        },

        async publishQuestion(req, call) {
          const actor = requireAdmin(call);
          const row = await transition(req.id, { actorId: actor.id, action: 'question.publish' }, async (q, tx) => {
            assertCanPublish(q);
            const updated = await repo.updateQuestion(tx, q.id, { isPublished: true, isActive: true, publishedAt: clock() });
            await enqueueEvent(tx, 'questions.question.published', { question: toSnapshot(updated) }, { occurredAt: updated.publishedAt! });
            return updated;
          });
          return { question: toQuestion(row) };
        },

        async resolveQuestion(req, call) {
          const actor = requireAdmin(call);
          const row = await transition(req.id, { actorId: actor.id, action: 'question.resolve' }, async (q, tx) => {
            assertCanResolve(q, req.correctOptionId);
            const resolvedAt = clock();
            const updated = await repo.updateQuestion(tx, q.id, { isResolved: true, correctOptionId: req.correctOptionId, resolvedAt });
            await enqueueEvent(tx, 'questions.question.resolved', { questionId: q.id, correctOptionId: req.correctOptionId, resolvedAt }, { occurredAt: resolvedAt });
            return updated;
          });
          return { question: toQuestion(row) };
        },

        async archiveQuestion(req, call) {
          const actor = requireAdmin(call);
          const row = await transition(req.id, { actorId: actor.id, action: 'question.archive' }, async (q, tx) => {
            assertCanArchive(q);
            const updated = await repo.updateQuestion(tx, q.id, { isArchived: true, isActive: false, archivedAt: clock() });
            await enqueueEvent(tx, 'questions.question.archived', { questionId: q.id });
            return updated;
          });
          return { question: toQuestion(row) };
        },

        async updateQuestionTranslations(req, call) {
          const actor = requireAdmin(call);
          const row = await transition(req.id, { actorId: actor.id, action: 'question.translate' }, async (q, tx) => {
            const translations = validateTranslations(req.translations, q.options);
            return repo.updateQuestion(tx, q.id, { translations });
          });
          return { question: toQuestion(row) };
        },

        async deleteQuestion(req, call) {
          const actor = requireAdmin(call);
          await transition(req.id, { actorId: actor.id, action: 'question.delete' }, async (q, tx) => {
            await repo.deleteQuestion(tx, q.id);
            await enqueueEvent(tx, 'questions.question.deleted', { questionId: q.id });
            return q;
          });
          return {};
        },

        async getQuestion(req, call) {
          const row = isUuid(req.id) ? await repo.findById(ctx.db, req.id) : undefined;
          const visible = row && ((row.isPublished && !row.isArchived) || call.actor?.isAdmin);
          if (!visible) throw notFound(NOT_FOUND);
          return { question: toQuestion(row) };
        },

        async listTodayQuestions() {
          const { start, end } = sastDayBounds(clock());
          return { questions: (await repo.listPublishedBetween(ctx.db, start, end)).map(toQuestion) };
        },

        async listPublicQuestions(req) {
          if (req.limit < 0) throw invalid('limit must be positive');
          const limit = Math.min(req.limit || 30, 100);
          if (req.cursor && !isCursor(req.cursor)) throw invalid('cursor is not valid');
          if (req.query.length > 200) throw invalid('query is too long');
          // One more than asked for: whether there is a next page.
          const rows = await repo.listPublicPage(ctx.db, { limit: limit + 1, tsquery: searchQuery(req.query), afterId: req.cursor ? req.cursor.toLowerCase() : null });
          const page = rows.slice(0, limit);
          const last = page.at(-1);
          const nextCursor = rows.length > limit && last ? last.id : '';
          return { questions: page.map(toQuestion), nextCursor };
        },

        async listAllQuestions(_req, call) {
          requireAdmin(call);
          return { questions: (await repo.listAll(ctx.db)).map(toQuestion) };
        },

        async listDraftQuestions(_req, call) {
          requireAdmin(call);
          return { questions: (await repo.listDrafts(ctx.db)).map(toQuestion) };
        },

        ...researchHandlers(ctx, clock),
        ...suggestionHandlers(ctx, clock),
      },
      ctx.serverDeps,
    ),
  );
}
