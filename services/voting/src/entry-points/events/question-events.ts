import type { EventEnvelope } from '@mzansi/kit';
import * as repo from '../../data-access/voting-repo.js';
import type { VotingConsumer } from '../../context.js';

type QuestionEvent =
  | 'questions.question.published'
  | 'questions.question.resolved'
  | 'questions.question.archived'
  | 'questions.question.deleted';

/** Keeps voting's projection of question state: which questions are open, their options and correct answers. */
export function questionEventsConsumer(): VotingConsumer<QuestionEvent> {
  return {
    name: 'voting-on-question-events',
    types: ['questions.question.published', 'questions.question.resolved', 'questions.question.archived', 'questions.question.deleted'],
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
          });
          return;
        }
        case 'questions.question.resolved': {
          const d = (event as EventEnvelope<'questions.question.resolved'>).data;
          await repo.resolveQuestion(tx, d.questionId, d.correctOptionId, d.resolvedAt ?? new Date(event.occurredAt));
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
