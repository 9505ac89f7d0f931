import { enqueueEvent, type Clock } from '@mzansi/kit';
import * as repo from '../../data-access/questions-repo.js';
import { correctionDetail, planCorrection, planResolve, resolveDetail } from '../../domain/resolution.js';
import { requireAdmin, toQuestion, type QuestionsHandlers, type QuestionTransition } from './common.js';

/**
 * Resolving with a source, and correcting a resolution once within 24 hours (domain/resolution.ts). Each writes the
 * question, its `questions.question.resolved` event and its audit record (with the source, and for a correction the
 * reason and what it replaced) in one transaction: the audit log keeps the resolve and the correction side by side.
 */
export function resolutionHandlers(transition: QuestionTransition, clock: Clock): Pick<QuestionsHandlers, 'resolveQuestion' | 'correctResolution'> {
  return {
    async resolveQuestion(req, call) {
      const actor = requireAdmin(call);
      const row = await transition(req.id, { actorId: actor.id, action: 'question.resolve' }, async (q, tx, target) => {
        const { source, note } = planResolve(q, req.correctOptionId, req.source, req.note);
        const resolvedAt = clock();
        const updated = await repo.updateQuestion(tx, q.id, {
          isResolved: true,
          correctOptionId: req.correctOptionId,
          resolvedAt,
          resolutionSourceUrl: source.url,
          resolutionSourceTitle: source.title,
          resolutionNote: note || null,
        });
        await enqueueEvent(
          tx,
          'questions.question.resolved',
          { questionId: q.id, correctOptionId: req.correctOptionId, resolvedAt, sourceUrl: source.url, sourceTitle: source.title, note, previousCorrectOptionId: '', correctedAt: undefined },
          { occurredAt: resolvedAt },
        );
        target.detail = resolveDetail(req.correctOptionId, { source, note });
        return updated;
      });
      return { question: toQuestion(row, clock()) };
    },

    async correctResolution(req, call) {
      const actor = requireAdmin(call);
      const row = await transition(req.id, { actorId: actor.id, action: 'question.resolution.correct' }, async (q, tx, target) => {
        const now = clock();
        const plan = planCorrection(q, req, now);
        const updated = await repo.updateQuestion(tx, q.id, {
          correctOptionId: plan.correctOptionId,
          resolutionSourceUrl: plan.source.url,
          resolutionSourceTitle: plan.source.title,
          resolutionNote: plan.note || null,
          resolutionCorrectedAt: now,
          resolutionCorrection: { reason: plan.reason, previous: plan.previous },
        });
        // resolved_at stays the first resolution's: the month it counts in and the day the notices name.
        await enqueueEvent(
          tx,
          'questions.question.resolved',
          {
            questionId: q.id,
            correctOptionId: plan.correctOptionId,
            resolvedAt: q.resolvedAt!,
            corrected: true,
            sourceUrl: plan.source.url,
            sourceTitle: plan.source.title,
            note: plan.note,
            previousCorrectOptionId: plan.previous.correctOptionId,
            correctedAt: now,
          },
          { occurredAt: now },
        );
        target.detail = correctionDetail(plan);
        return updated;
      });
      return { question: toQuestion(row, clock()) };
    },
  };
}
