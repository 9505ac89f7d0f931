import type { EventEnvelope } from '@mzansi/kit/base';

/**
 * Questions that have just stopped being public (deleted or archived). Every gateway replica hears of them from its
 * own ephemeral consumer of the questions events (live.ts), a few hundred milliseconds after the change, and drops
 * what it keeps of them (the share page's card, the public reads): a deleted question's link, preview image and
 * figures are a 404 on every replica at once, rather than when a cache entry runs out.
 */
export class QuestionsGone {
  private readonly listeners: ((questionId: string) => void)[] = [];

  onGone(listener: (questionId: string) => void): void {
    this.listeners.push(listener);
  }

  gone(questionId: string): void {
    for (const listener of this.listeners) listener(questionId);
  }
}

/** The id of the question a deleted or archived event is about; undefined for every other event. */
export function goneQuestionId(e: EventEnvelope): string | undefined {
  if (e.type !== 'questions.question.deleted' && e.type !== 'questions.question.archived') return undefined;
  return (e as EventEnvelope<'questions.question.deleted'>).data.questionId || undefined;
}
