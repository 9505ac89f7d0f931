import type { EventEnvelope } from '@mzansi/kit/base';

/**
 * Questions that have just stopped being public (deleted or archived). Every gateway replica hears of them from its
 * own ephemeral consumer of the questions events (live.ts), a few hundred milliseconds after the change, and drops
 * what it keeps of them (the share page's card, the public reads): a deleted question's link, preview image and
 * figures are a 404 on every replica at once, rather than when a cache entry runs out.
 */
export class QuestionsGone {
  private readonly listeners: ((questionId: string) => void)[] = [];
  private readonly changeListeners: ((questionId: string) => void)[] = [];

  onGone(listener: (questionId: string) => void): void {
    this.listeners.push(listener);
  }

  gone(questionId: string): void {
    for (const listener of this.listeners) listener(questionId);
  }

  /**
   * Told of a question still public whose copies are stale: resolved, or its resolution corrected (a corrected
   * answer, source or note must show on every replica's share page and preview image at once, not in 30 s).
   */
  onChanged(listener: (questionId: string) => void): void {
    this.changeListeners.push(listener);
  }

  changed(questionId: string): void {
    for (const listener of this.changeListeners) listener(questionId);
  }
}

/** The id of the question a resolution (or corrected resolution) event is about; undefined for every other event. */
export function changedQuestionId(e: EventEnvelope): string | undefined {
  if (e.type !== 'questions.question.resolved') return undefined;
  return (e as EventEnvelope<'questions.question.resolved'>).data.questionId || undefined;
}

/** The id of the question a deleted or archived event is about; undefined for every other event. */
export function goneQuestionId(e: EventEnvelope): string | undefined {
  if (e.type !== 'questions.question.deleted' && e.type !== 'questions.question.archived') return undefined;
  return (e as EventEnvelope<'questions.question.deleted'>).data.questionId || undefined;
}
