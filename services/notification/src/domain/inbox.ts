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
  // A corrected resolution, for each player who had answered (voting names them).
  'resolution-corrected',
] as const;
/** A resolution's item for everyone shows the resolution as it stands: a correction rewrites it in place. */
export const BROADCAST_KINDS = ['question-published', 'question-resolved'] as const;
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
  /** The latest agreers first (at most MAX_AGREERS_KEPT): a repeat is ignored, an erased person taken out. */
  agreers: { id: string; name: string }[];
};

/** The grouped agree item after one more agree; undefined when that person is already counted (nothing changes). */
export function addAgree(current: AgreePayload | undefined, a: { commentId: string; questionId: string; agreerId: string; agreerName: string }): AgreePayload | undefined {
  const agreer = { id: a.agreerId, name: a.agreerName };
  if (!current) return { commentId: a.commentId, questionId: a.questionId, count: 1, latestName: a.agreerName, agreers: [agreer] };
  if (current.agreers.some((x) => x.id === a.agreerId)) return undefined;
  return { ...current, count: current.count + 1, latestName: a.agreerName, agreers: [agreer, ...current.agreers].slice(0, MAX_AGREERS_KEPT) };
}

/**
 * The grouped item without an erased person: counted one fewer, named by the latest one left; null when nobody is
 * left (the item goes).
 */
export function removeAgreer(current: AgreePayload, userId: string): AgreePayload | null {
  const agreers = current.agreers.filter((x) => x.id !== userId);
  if (agreers.length === current.agreers.length) return current;
  const count = current.count - 1;
  if (count <= 0 || agreers.length === 0) return null;
  return { ...current, count, latestName: agreers[0]!.name, agreers };
}

export const agreeGroupKey = (commentId: string) => `agree:${commentId}`;
/** A player's one corrected-resolution item per question (a resolution is corrected at most once). */
export const correctedGroupKey = (questionId: string) => `corrected:${questionId}`;

/** A page size from a request: 1 … INBOX_PAGE, the page when unset. */
export const pageSize = (limit: number | undefined) => Math.min(Math.max(Math.trunc(limit || INBOX_PAGE), 1), INBOX_PAGE);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The ids of a "mark read" call that can name an item (others name nothing), lower case, without repeats. */
export function readIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))].slice(0, MAX_READ_IDS);
}
