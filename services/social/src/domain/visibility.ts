import type { Actor } from '@mzansi/kit/auth';
import { forbidden, notFound } from '@mzansi/kit/errors';
import { codedMessage } from '@mzansi/kit/messages';

/**
 * Who may read and post the comments of a question: everyone while it is published and not archived —
 * the questions service's own rule for showing a question — and admins always. A draft's or a deleted question's
 * comments are 404, the same answer as for a question that never existed, so ids reveal nothing.
 */
export const QUESTION_NOT_FOUND = codedMessage('questionNotFound', 'Question not found');

/** `visible` is social's projection of the question: true, false (archived) or undefined (draft, deleted, unknown). */
export function assertCommentsVisible(visible: boolean | undefined, actor: Actor | null | undefined): void {
  if (actor?.isAdmin) return;
  if (visible !== true) throw notFound(QUESTION_NOT_FOUND);
}

/**
 * The user whose friends or friend requests a read is about: the actor (empty id), or anyone for an admin
 * (PRODUCT.md: admins may read any user). Throws PERMISSION_DENIED with `refusal` otherwise.
 */
export function readableUser(me: Actor, userId: string, refusal: string): string {
  const id = userId || me.id;
  if (id !== me.id && !me.isAdmin) throw forbidden(refusal);
  return id;
}
