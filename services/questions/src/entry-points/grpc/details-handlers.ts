import { enqueueEvent, type Clock } from '@mzansi/kit';
import * as repo from '../../data-access/questions-repo.js';
import { planDetailsChange } from '../../domain/closing.js';
import { requireAdmin, toQuestion, type QuestionsHandlers, type QuestionTransition } from './common.js';

/**
 * An admin's edit of a question's resolution criteria and close time, on a draft or a published question (audited as
 * `question.edit`). A published question's new close time goes out as `questions.question.closing_changed` in the
 * same transaction: voting refuses answers by it.
 */
export function detailsHandlers(transition: QuestionTransition, clock: Clock): Pick<QuestionsHandlers, 'updateQuestionDetails'> {
  return {
    async updateQuestionDetails(req, call) {
      const actor = requireAdmin(call);
      const row = await transition(req.id, { actorId: actor.id, action: 'question.edit' }, async (q, tx) => {
        const now = clock();
        const change = planDetailsChange(q, { resolutionCriteria: req.resolutionCriteria, closesAt: req.setClosesAt ? (req.closesAt ?? null) : undefined }, now);
        const patch = {
          ...(change.resolutionCriteria !== undefined && { resolutionCriteria: change.resolutionCriteria }),
          ...(change.closesAt !== undefined && { closesAt: change.closesAt }),
        };
        if (Object.keys(patch).length === 0) return q;
        const updated = await repo.updateQuestion(tx, q.id, patch);
        if (change.announceClosing) {
          await enqueueEvent(tx, 'questions.question.closing_changed', { questionId: q.id, closesAt: updated.closesAt ?? undefined, changedAt: now }, { occurredAt: now });
        }
        return updated;
      });
      return { question: toQuestion(row, clock()) };
    },
  };
}
