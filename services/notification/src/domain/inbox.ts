/**
 * The inbox's kinds and their stored payloads. Personal items belong to one person; items for everyone are stored
 * once and read through per-person marks. The gateway turns them into the API's items (and composes a resolution's
 * outcome from the viewer's own answer).
 */
export const PERSONAL_KINDS = [
  'friend-request',
  'friend-accepted',
  'comment-replied',
  'comment-agreed',
  'comment-removed',
  'suspended',
  'suggestion-used',
] as const;
export const BROADCAST_KINDS = ['question-published', 'question-resolved', 'resolution-corrected'] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];
export type BroadcastKind = (typeof BROADCAST_KINDS)[number];
export type InboxKind = PersonalKind | BroadcastKind;

/** The most agreers one grouped item remembers by id (enough to ignore a repeat; the count keeps going). */
export const MAX_AGREERS_KEPT = 200;
/** A page of the inbox. */
export const INBOX_PAGE = 30;
/** The most ids one "mark read" call takes. */
export const MAX_READ_IDS = 100;

export type AgreePayload = {
  commentId: string;
  questionId: string;
  /** How many people agreed; the latest one is named. */
  count: number;
  latestName: string;
  agreerIds: string[];
};

/** The grouped agree item after one more agree; undefined when that person is already counted (nothing changes). */
export function addAgree(current: AgreePayload | undefined, a: { commentId: string; questionId: string; agreerId: string; agreerName: string }): AgreePayload | undefined {
  if (!current) return { commentId: a.commentId, questionId: a.questionId, count: 1, latestName: a.agreerName, agreerIds: [a.agreerId] };
  if (current.agreerIds.includes(a.agreerId)) return undefined;
  return {
    ...current,
    count: current.count + 1,
    latestName: a.agreerName,
    agreerIds: [a.agreerId, ...current.agreerIds].slice(0, MAX_AGREERS_KEPT),
  };
}

export const agreeGroupKey = (commentId: string) => `agree:${commentId}`;

/** A page size from a request: 1 … INBOX_PAGE, the page when unset. */
export const pageSize = (limit: number | undefined) => Math.min(Math.max(Math.trunc(limit || INBOX_PAGE), 1), INBOX_PAGE);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The ids of a "mark read" call that can name an item (others name nothing), lower case, without repeats. */
export function readIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))].slice(0, MAX_READ_IDS);
}
