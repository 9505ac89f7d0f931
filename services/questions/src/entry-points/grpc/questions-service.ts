import type { Server } from '@grpc/grpc-js';
import { audited, enqueueEvent, invalid, isUuid, notFound, sastDayBounds, unaryService, type Clock } from '@mzansi/kit';
import { QuestionsServiceService, type QuestionsServiceServer } from '@mzansi/proto/questions/v1/questions';
import * as repo from '../../data-access/questions-repo.js';
import { applyPublish } from '../../data-access/publish.js';
import { assertCanArchive, assertCanPublish, mayViewQuestion, validateNewQuestion, validateTranslations } from '../../domain/questions.js';
import { researchHandlers } from './research-handlers.js';
import { suggestionHandlers } from './suggestions-handlers.js';
import { archivePage, archivePageRequest } from '../../domain/archive.js';
import { NOT_FOUND, questionsAudit, questionTransition, requireAdmin, toQuestion, toQuestions, type Ctx } from './common.js';
import { scheduleHandlers } from './schedule-handlers.js';
import { detailsHandlers } from './details-handlers.js';
import { assertCloseAhead } from '../../domain/closing.js';
import { resolutionHandlers } from './resolution-handlers.js';

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
              const q = validateNewQuestion(req, clock());
              const created = await repo.insertQuestion(tx, { ...q, createdAt: clock() });
              target.targetId = created.id;
              target.targetLabel = created.text;
              return created;
            },
          );
          return { question: toQuestion(row, clock()) };
        },

        async publishQuestion(req, call) {
          const actor = requireAdmin(call);
          const row = await transition(req.id, { actorId: actor.id, action: 'question.publish' }, async (q, tx) => {
            assertCanPublish(q);
            const at = clock();
            assertCloseAhead(q.closesAt, at);
            return applyPublish(tx, q, at);
          });
          return { question: toQuestion(row, clock()) };
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
          return { question: toQuestion(row, clock()) };
        },

        async updateQuestionTranslations(req, call) {
          const actor = requireAdmin(call);
          const row = await transition(req.id, { actorId: actor.id, action: 'question.translate' }, async (q, tx) => {
            const translations = validateTranslations(req.translations, q.options);
            return repo.updateQuestion(tx, q.id, { translations });
          });
          return { question: toQuestion(row, clock()) };
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
          return { question: toQuestion(row, clock()) };
        },

        async getQuestions(req, call) {
          if (req.ids.length > 100) throw invalid('At most 100 ids per call');
          const rows = await repo.findByIds(ctx.db, [...new Set(req.ids.filter(isUuid).map((id) => id.toLowerCase()))]);
          return { questions: toQuestions(rows.filter((row) => mayViewQuestion(row, call.actor)), clock()) };
        },

        async listTodayQuestions() {
          const { start, end } = sastDayBounds(clock());
          return { questions: toQuestions(await repo.listPublishedBetween(ctx.db, start, end), clock()) };
        },

        async listPublicQuestions(req) {
          const { limit, ...filters } = archivePageRequest(req);
          // One more than asked for: whether there is a next page (domain/archive.ts).
          const { page, nextCursor } = archivePage(await repo.listPublicPage(ctx.db, { ...filters, limit: limit + 1, now: clock() }), limit);
          return { questions: toQuestions(page, clock()), nextCursor };
        },

        async listAllQuestions(_req, call) {
          requireAdmin(call);
          return { questions: toQuestions(await repo.listAll(ctx.db), clock()) };
        },

        async listDraftQuestions(_req, call) {
          requireAdmin(call);
          return { questions: toQuestions(await repo.listDrafts(ctx.db), clock()) };
        },

        ...scheduleHandlers(transition, clock),
        ...detailsHandlers(transition, clock),
        ...resolutionHandlers(transition, clock),
        ...researchHandlers(ctx, clock),
        ...suggestionHandlers(ctx, clock),
      },
      ctx.serverDeps,
    ),
  );
}
