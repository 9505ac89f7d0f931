import { z } from 'zod';
import { isoDate, uuidAnyCase } from './common.js';

/** Who did something that reached the inbox (sent a request, accepted one, replied, the latest to agree). */
const InboxPerson = z.strictObject({ id: z.string(), name: z.string() });
/** A question an item is about: its English text and the admin's translations (zu, af, st) where given. */
const InboxQuestion = z.strictObject({ id: z.string(), text: z.string(), translations: z.record(z.string(), z.string()) });
const base = { id: z.string(), createdAt: isoDate, read: z.boolean() };

/**
 * One inbox item, newest first in a page. Personal items: a friend request, a friend accepting, a reply to my
 * comment, agrees on my comment (one item per comment: the latest agreer and how many others), a removed comment,
 * a suspension, a suggestion used, a corrected resolution of a question I answered. Items for everyone: a new
 * question and its resolution (showing the resolution as it stands, corrected or not), with my outcome when I
 * answered ('called-it': my answer was right, 'not-this-time': it was not; absent: I did not answer).
 */
export const InboxItem = z.discriminatedUnion('kind', [
  z.strictObject({ ...base, kind: z.literal('friend-request'), requestId: z.string(), from: InboxPerson }),
  z.strictObject({ ...base, kind: z.literal('friend-accepted'), friend: InboxPerson }),
  z.strictObject({ ...base, kind: z.literal('comment-replied'), commentId: z.string(), parentId: z.string(), questionId: z.string(), from: InboxPerson }),
  z.strictObject({
    ...base,
    kind: z.literal('comment-agreed'),
    commentId: z.string(),
    questionId: z.string(),
    latest: z.strictObject({ name: z.string() }),
    others: z.number().int().nonnegative(),
  }),
  z.strictObject({ ...base, kind: z.literal('comment-removed'), commentId: z.string(), questionId: z.string(), reason: z.string() }),
  z.strictObject({ ...base, kind: z.literal('suspended'), reason: z.string(), until: isoDate.nullable() }),
  // questionId: the published question made from it; null when an admin marked it used by hand.
  z.strictObject({ ...base, kind: z.literal('suggestion-used'), suggestionId: z.string(), text: z.string(), questionId: z.string().nullable() }),
  z.strictObject({ ...base, kind: z.literal('question-published'), question: InboxQuestion }),
  z.strictObject({
    ...base,
    kind: z.enum(['question-resolved', 'resolution-corrected']),
    question: InboxQuestion,
    correctOptionId: z.string(),
    /**
     * The source the resolution names and the day it was resolved ("Resolved YES — IEC results, 30 May"); null for a
     * resolution from before resolutions named their source. A corrected one: the source as corrected.
     */
    source: z.strictObject({ url: z.string(), title: z.string() }).nullable(),
    resolvedAt: isoDate.nullable(),
    outcome: z.enum(['called-it', 'not-this-time']).optional(),
  }),
]);
export const INBOX_KINDS = [
  'friend-request',
  'friend-accepted',
  'comment-replied',
  'comment-agreed',
  'comment-removed',
  'suspended',
  'suggestion-used',
  'question-published',
  'question-resolved',
  'resolution-corrected',
] as const;

export const InboxQuery = z.object({ before: isoDate.optional() });
/** A page of the inbox (at most 30), newest first; `nextBefore` asks for the next older page (null: no more). */
export const InboxPage = z.strictObject({ items: z.array(InboxItem), nextBefore: isoDate.nullable() });
export const InboxUnread = z.strictObject({ count: z.number().int().nonnegative() });
/** Mark some items read (their ids, at most 100), or all of them. */
export const InboxReadBody = z.union([
  z.object({ ids: z.array(uuidAnyCase('Unknown inbox item')).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export const InboxRead = z.strictObject({ unread: z.number().int().nonnegative() });

/**
 * What a player can choose to hear about outside the app, each by push and by e-mail (the inbox keeps everything
 * either way): a removed comment and a suspension are `moderation`, a corrected resolution is `question-resolved`.
 * The global switches of the notifications settings still come first: no push without a browser subscription, no
 * e-mail with e-mail notifications off or an unverified address.
 */
export const ALERT_KINDS = [
  'question-published',
  'question-resolved',
  'friend-request',
  'friend-accepted',
  'comment-replied',
  'comment-agreed',
  'moderation',
  'suggestion-used',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** Until a player says otherwise: every kind by push; every kind by e-mail except replies and agrees (they can be many). */
export const ALERT_DEFAULTS: Record<AlertKind, { push: boolean; email: boolean }> = Object.fromEntries(
  ALERT_KINDS.map((k) => [k, { push: true, email: k !== 'comment-replied' && k !== 'comment-agreed' }]),
) as Record<AlertKind, { push: boolean; email: boolean }>;
/** The inbox kind an alert setting governs it by. */
export function alertKindOf(kind: InboxKind): AlertKind {
  if (kind === 'comment-removed' || kind === 'suspended') return 'moderation';
  if (kind === 'resolution-corrected') return 'question-resolved';
  return kind;
}

const AlertKindSchema = z.enum(ALERT_KINDS, { message: `kind must be one of ${ALERT_KINDS.join(', ')}` });
export const AlertPreference = z.strictObject({ kind: AlertKindSchema, push: z.boolean(), email: z.boolean() });
/** Every kind, in ALERT_KINDS order, with the player's choice or the default. */
export const AlertPreferences = z.strictObject({ preferences: z.array(AlertPreference) });
/** Change some kinds: a field left out keeps its setting. */
export const AlertPreferencesBody = z.object({
  preferences: z
    .array(z.object({ kind: AlertKindSchema, push: z.boolean().optional(), email: z.boolean().optional() }))
    .min(1)
    .max(ALERT_KINDS.length),
});
export type AlertPreferences = z.infer<typeof AlertPreferences>;

/** A personal item that just reached the signed-in person (only their own sockets get it). */
export const InboxLiveMessage = z.strictObject({ type: z.literal('inbox'), item: InboxItem });

export type InboxItem = z.infer<typeof InboxItem>;
export type InboxKind = InboxItem['kind'];
export type InboxPage = z.infer<typeof InboxPage>;
