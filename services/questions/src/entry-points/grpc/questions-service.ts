import type { Server } from '@grpc/grpc-js';
import { audited, enqueueEvent, invalid, isUuid, notFound, sastDayBounds, unaryService, type Clock } from '@mzansi/kit';
import { QuestionsServiceService, type QuestionsServiceServer } from '@mzansi/proto/questions/v1/questions';
import * as repo from '../../data-access/questions-repo.js';
import { applyPublish } from '../../data-access/publish.js';
import { assertCanArchive, assertCanPublish, assertCanResolve, mayViewQuestion, validateNewQuestion, validateTranslations } from '../../domain/questions.js';
import { researchHandlers } from './research-handlers.js';
import { suggestionHandlers } from './suggestions-handlers.js';
import { archivePage, archivePageRequest } from '../../domain/archive.js';
import { NOT_FOUND, questionsAudit, questionTransition, requireAdmin, toQuestion, type Ctx } from './common.js';
import { scheduleHandlers } from './schedule-handlers.js';

export function registerQuestionsService(ctx: Ctx, server: Server, clock: Clock) {
  const audit = questionsAudit(ctx, clock);
  const transition = questionTransition(audit);

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
            return applyPublish(tx, q, clock());
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
            // An archived draft is not published: its schedule goes with it.
            const updated = await repo.updateQuestion(tx, q.id, { isArchived: true, isActive: false, archivedAt: clock(), scheduledFor: null, scheduleMissedAt: null });
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
          if (!row || !mayViewQuestion(row, call.actor)) throw notFound(NOT_FOUND);
          return { question: toQuestion(row) };
        },

        async getQuestions(req, call) {
          if (req.ids.length > 100) throw invalid('At most 100 ids per call');
          const rows = await repo.findByIds(ctx.db, [...new Set(req.ids.filter(isUuid).map((id) => id.toLowerCase()))]);
          return { questions: rows.filter((row) => mayViewQuestion(row, call.actor)).map(toQuestion) };
        },

        async listTodayQuestions() {
          const { start, end } = sastDayBounds(clock());
          return { questions: (await repo.listPublishedBetween(ctx.db, start, end)).map(toQuestion) };
        },

        async listPublicQuestions(req) {
          const { limit, tsquery, afterId } = archivePageRequest(req);
          // One more than asked for: whether there is a next page (domain/archive.ts).
          const { page, nextCursor } = archivePage(await repo.listPublicPage(ctx.db, { limit: limit + 1, tsquery, afterId }), limit);
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

        ...scheduleHandlers(transition, clock),
        ...researchHandlers(ctx, clock),
        ...suggestionHandlers(ctx, clock),
      },
      ctx.serverDeps,
    ),
  );
}
