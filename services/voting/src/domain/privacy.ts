/**
 * Who sees a user's answers (PRODUCT.md "Privacy"; POPIA treats a political opinion as special personal
 * information). Pure rules; the repository feeds them rows, the handlers apply them to every read of someone
 * else's answers or standing.
 */

export type AnswerVisibility = 'friends' | 'nobody';

export interface AnswerPrivacy {
  answerVisibility: AnswerVisibility;
  /** Friends see an answer only once its question is resolved. */
  hideUntilResolved: boolean;
}

/** Someone who never chose: their friends see their answers at once (the product's behaviour before the setting). */
export const DEFAULT_PRIVACY: AnswerPrivacy = { answerVisibility: 'friends', hideUntilResolved: false };

export function privacyOrDefault(row: Partial<AnswerPrivacy> | null | undefined): AnswerPrivacy {
  return {
    answerVisibility: row?.answerVisibility === 'nobody' ? 'nobody' : 'friends',
    hideUntilResolved: row?.hideUntilResolved ?? false,
  };
}

/**
 * May `viewerId` see this answer? Always their own; someone else's only when its owner lets friends see answers
 * and, with `hideUntilResolved`, the question is resolved. Whether the viewer is a friend at all is the caller's
 * business (the gateway asks for friends' answers only); this rule only ever narrows.
 */
export function mayViewAnswer(viewerId: string, answer: { userId: string; questionResolved: boolean }, owner: AnswerPrivacy): boolean {
  if (answer.userId === viewerId) return true;
  if (owner.answerVisibility === 'nobody') return false;
  return !owner.hideUntilResolved || answer.questionResolved;
}

/**
 * May `viewerId` see this user's standing on a leaderboard? A score of correct predictions, watched from one
 * resolution to the next, tells which side someone took; so `nobody` keeps a user off every board but their own.
 * `hideUntilResolved` needs nothing here: a score only counts resolved questions.
 */
export function mayViewStanding(viewerId: string, userId: string, owner: AnswerPrivacy): boolean {
  return userId === viewerId || owner.answerVisibility !== 'nobody';
}
