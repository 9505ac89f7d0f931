import type { EventEnvelope } from '@mzansi/kit';
import * as repo from '../../data-access/voting-repo.js';
import { setClosesAt } from '../../data-access/closing-repo.js';
import { applyCorrection } from '../../data-access/correction-repo.js';
import type { VotingConsumer } from '../../context.js';

type QuestionEvent =
  | 'questions.question.published'
  | 'questions.question.resolved'
  | 'questions.question.archived'
  | 'questions.question.deleted'
  | 'questions.question.closing_changed';

/**
 * Keeps voting's projection of question state: which questions are open (and until when), their options and correct
 * answers, and the scores that follow from them (a resolution credits every answer, a corrected one recredits them).
 * A close time's change found before its question's publish is tried again later (data-access/closing-repo.ts).
 */
export function questionEventsConsumer(): VotingConsumer<QuestionEvent> {
  return {
    name: 'voting-on-question-events',
    types: [
      'questions.question.published',
      'questions.question.resolved',
      'questions.question.archived',
      'questions.question.deleted',
      'questions.question.closing_changed',
    ],
    async handle(event: EventEnvelope<QuestionEvent>, tx) {
      switch (event.type) {
        case 'questions.question.published': {
          const q = (event as EventEnvelope<'questions.question.published'>).data.question;
          if (!q) return;
          await repo.upsertQuestion(tx, {
            questionId: q.id,
            text: q.text,
            options: q.options.map((o) => ({ id: o.id, text: o.text })),
            publishedAt: q.publishedAt ?? new Date(event.occurredAt),
            isBlind: q.isBlind ?? false,
            closesAt: q.closesAt ?? null,
          });
          return;
        }
        case 'questions.question.closing_changed': {
          const d = (event as EventEnvelope<'questions.question.closing_changed'>).data;
          const outcome = await setClosesAt(tx, d.questionId, d.closesAt ?? null, d.changedAt ?? new Date(event.occurredAt));
          // Its publish has not reached voting yet (relayed by another replica): redelivered after a pause.
          if (outcome === 'missing') throw new Error(`closing_changed for question ${d.questionId} before its publish`);
          return;
        }
        case 'questions.question.resolved': {
          const d = (event as EventEnvelope<'questions.question.resolved'>).data;
          const resolvedAt = d.resolvedAt ?? new Date(event.occurredAt);
          if (!d.corrected) {
            await repo.resolveQuestion(tx, d.questionId, d.correctOptionId, resolvedAt);
            return;
          }
          // A corrected resolution: the scores recomputed and those who answered told, once (correction-repo.ts).
          await applyCorrection(tx, {
            questionId: d.questionId,
            correctOptionId: d.correctOptionId,
            previousCorrectOptionId: d.previousCorrectOptionId,
            resolvedAt,
            correctedAt: d.correctedAt ?? new Date(event.occurredAt),
            sourceUrl: d.sourceUrl,
            sourceTitle: d.sourceTitle,
          });
          return;
        }
        case 'questions.question.archived':
          await repo.archiveQuestion(tx, (event as EventEnvelope<'questions.question.archived'>).data.questionId);
          return;
        case 'questions.question.deleted':
          await repo.deleteQuestion(tx, (event as EventEnvelope<'questions.question.deleted'>).data.questionId);
          return;
      }
    },
  };
}
