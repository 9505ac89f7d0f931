import { enqueueEvent } from '@mzansi/kit';
import { updateQuestion } from './questions-repo.js';
import { markUsed } from './suggestions-repo.js';
import type { QuestionRow } from './schema.js';
import { toSnapshot } from './snapshot.js';
import type { QuestionsQueryable } from '../context.js';

/**
 * Publishes a draft the domain allowed to publish, at `at`: published and active, any schedule used up, and the
 * `questions.question.published` event in the same transaction (the live message, push and e-mail follow from it).
 * A question made from a suggestion marks it used. The one way a question is published, by an admin's click or by its
 * schedule.
 */
export async function applyPublish(tx: QuestionsQueryable, q: QuestionRow, at: Date): Promise<QuestionRow> {
  const updated = await updateQuestion(tx, q.id, {
    isPublished: true,
    isActive: true,
    publishedAt: at,
    scheduledFor: null,
    scheduleMissedAt: null,
  });
  await enqueueEvent(tx, 'questions.question.published', { question: toSnapshot(updated) }, { occurredAt: at });
  // Made from a player's suggestion: it is used now, and its author is told (once).
  const used = updated.suggestionId ? await markUsed(tx, updated.suggestionId, at) : undefined;
  if (used) {
    const data = { suggestionId: updated.suggestionId!, userId: used.userId, text: used.title, at, questionId: updated.id };
    await enqueueEvent(tx, 'questions.suggestion.used', data, { occurredAt: at });
  }
  return updated;
}
