import { invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';
import { isInvisible, refuseBidiControls, refuseHidingText } from '@mzansi/kit/text';

/**
 * Comment rules (PRODUCT.md): text and/or image; text ≤ 2,000; image PNG/JPEG/GIF/WebP, really that type, ≤ 5 MB.
 * An accepted upload is then re-encoded (images.ts): only its pixels are kept.
 */

export const MAX_TEXT = 2000;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const MESSAGES = codedMessages('comment', {
  empty: 'Please write something or add an image',
  tooLong: 'Comments can be at most 2,000 characters',
  tooLarge: 'Please select an image smaller than 5MB',
  badType: 'Only PNG, JPEG, GIF or WebP images are allowed',
  mismatch: 'The image does not match its type',
  parentNotFound: 'The comment you are replying to was not found on this question',
  replyToReply: 'Replies go under a comment, not under another reply',
  parentGone: 'This comment was deleted or removed: it cannot be replied to',
  agreeOwn: 'You cannot agree with your own comment',
  agreeGone: 'This comment was deleted or removed: it cannot be agreed with',
  badSort: 'Sort must be top, newest or oldest',
} as const);

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** The real type of image bytes, from their magic numbers. */
export function sniffImage(b: Uint8Array): ImageType | null {
  const at = (i: number, ...xs: number[]) => xs.every((x, k) => b[i + k] === x);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

const DATA_URL_RE = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** Decodes and checks an image data URL (type and size, not yet the pixels). Throws INVALID_ARGUMENT with the message users see. */
export function parseImageDataUrl(dataUrl: string): { mime: ImageType; bytes: Buffer } {
  // Base64 of 5 MB is ~6.7 M characters: refuse anything longer before decoding.
  if (dataUrl.length > Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64) throw invalid(MESSAGES.tooLarge);
  const m = DATA_URL_RE.exec(dataUrl);
  if (!m) throw invalid(MESSAGES.badType);
  const claimed = m[1] === 'image/jpg' ? 'image/jpeg' : m[1]!;
  if (!['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(claimed)) throw invalid(MESSAGES.badType);
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw invalid(MESSAGES.tooLarge);
  const real = sniffImage(bytes);
  if (!real) throw invalid(MESSAGES.badType);
  if (real !== claimed) throw invalid(MESSAGES.mismatch);
  return { mime: real, bytes };
}

/**
 * Checks a new comment; returns the trimmed text. Bidi controls are refused (they reorder the text around the
 * comment too); text of only invisible characters or marks (zero-width spaces, joiners, BOM, lone accents…) counts
 * as no text; a letter with more than two marks is refused (kit text.ts).
 */
export function validateComment(content: string, hasImage: boolean): string {
  const trimmed = content.trim();
  refuseBidiControls(trimmed, 'Comments');
  const text = isInvisible(trimmed) ? '' : trimmed;
  if (!text && !hasImage) throw invalid(MESSAGES.empty);
  refuseHidingText(text, 'Comments');
  if (text.length > MAX_TEXT) throw invalid(MESSAGES.tooLong);
  return text;
}

/** A comment may be deleted by its author, and by an admin (an admin action, audited, when it is someone else's). */
export function mayDeleteComment(actor: { id: string; isAdmin: boolean }, comment: { userId: string }): boolean {
  return comment.userId === actor.id || actor.isAdmin;
}

/** What a reply's parent must be. */
interface Parent {
  questionId: string;
  parentId: string | null;
  deletedAt: Date | null;
  moderation: 'visible' | 'hidden' | 'removed';
}

/**
 * Why a reply under `parent` is refused (INVALID_ARGUMENT), or null: replies are one level deep, under a top-level
 * comment of the same question that is still there for the replier to read (`seesIt`: a hidden comment only its
 * author and admins may).
 */
export function replyRefusal(parent: Parent | undefined, questionId: string, seesIt: boolean): string | null {
  if (!parent || parent.questionId !== questionId) return MESSAGES.parentNotFound;
  if (parent.parentId) return MESSAGES.replyToReply;
  if (parent.deletedAt || parent.moderation === 'removed' || (parent.moderation === 'hidden' && !seesIt)) return MESSAGES.parentGone;
  return null;
}

/**
 * Why agreeing with `comment` is refused (INVALID_ARGUMENT), or null. Not with one's own: an agree is someone
 * else's support, and "top" sorts by it. Not with a comment that is gone or hidden from others.
 */
export function agreeRefusal(comment: { userId: string; deletedAt: Date | null; moderation: string }, actorId: string): string | null {
  if (comment.userId === actorId) return MESSAGES.agreeOwn;
  if (comment.deletedAt || comment.moderation !== 'visible') return MESSAGES.agreeGone;
  return null;
}
