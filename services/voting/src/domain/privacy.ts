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
  /** Named on the national boards. Off unless the user turns it on: everyone else counts in totals only. */
  listOnNationalBoard: boolean;
}

/** Someone who never chose: their friends see their answers at once (the product's behaviour before the setting). */
export const DEFAULT_PRIVACY: AnswerPrivacy = { answerVisibility: 'friends', hideUntilResolved: false, listOnNationalBoard: false };

export function privacyOrDefault(row: Partial<AnswerPrivacy> | null | undefined): AnswerPrivacy {
  return {
    answerVisibility: row?.answerVisibility === 'nobody' ? 'nobody' : 'friends',
    hideUntilResolved: row?.hideUntilResolved ?? false,
    listOnNationalBoard: row?.listOnNationalBoard ?? false,
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
 * How much of a user's per-person figures (answered, correct, resolved, accuracy, streak, rank) `viewerId` sees —
 * the one rule for every board and every figure of someone else:
 * - `all`: their own, or someone who lets friends see answers at once;
 * - `resolvedOnly` (`hideUntilResolved`): figures of resolved questions only — `answered` is the resolved count and
 *   the streak counts days with an answer to a resolved question — so answering an open question moves nothing;
 * - `none` (`nobody`): left out of every board but their own, since a score watched from one resolution to the
 *   next tells which side someone took; ranks among friends close up without them.
 */
export type FiguresView = 'all' | 'resolvedOnly' | 'none';

export function figuresView(viewerId: string, userId: string, owner: AnswerPrivacy): FiguresView {
  if (userId === viewerId) return 'all';
  if (owner.answerVisibility === 'nobody') return 'none';
  return owner.hideUntilResolved ? 'resolvedOnly' : 'all';
}

/**
 * May `viewerId` see this user by name on a national board (standings or calibration)? Their own row always (it is
 * shown to them alone); anyone else's only when they chose to be listed and do not keep their answers from
 * everyone.
 */
export function mayListNationally(viewerId: string, userId: string, owner: AnswerPrivacy): boolean {
  return userId === viewerId || listedNationally(owner);
}

/**
 * Is this month's row of a user on `viewerId`'s national board? Listed (`mayListNationally`), and — for someone
 * who shows resolved questions only — with at least one resolved answer this month: a row that appears with their
 * first answer would tell that they answered an open question.
 */
export function onNationalBoard(viewerId: string, row: { userId: string; resolved: number }, owner: AnswerPrivacy): boolean {
  return mayListNationally(viewerId, row.userId, owner) && (figuresView(viewerId, row.userId, owner) !== 'resolvedOnly' || row.resolved > 0);
}

/** Whether the national boards name this user to everyone else. */
export function listedNationally(owner: AnswerPrivacy): boolean {
  return owner.listOnNationalBoard && owner.answerVisibility !== 'nobody';
}
