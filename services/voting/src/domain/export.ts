/** What an answer came to, as the export (and the history) calls it. */
export type AnswerOutcome = 'pending' | 'correct' | 'incorrect';

export function answerOutcome(optionId: string, isResolved: boolean, correctOptionId: string | null): AnswerOutcome {
  if (!isResolved || !correctOptionId) return 'pending';
  return optionId === correctOptionId ? 'correct' : 'incorrect';
}
