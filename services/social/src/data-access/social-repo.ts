import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ReencodedImage } from '../domain/images.js';
import { comments, friendRequests, friendships, people, questionVisibility } from './schema.js';
import type { SocialQueryable } from '../context.js';

export * from './comment-repo.js';

type Q = SocialQueryable;
export type PersonRow = typeof people.$inferSelect;
export type RequestRow = typeof friendRequests.$inferSelect;

export async function upsertPerson(db: Q, p: { id: string; username: string; name: string; isAdmin: boolean; suspended: boolean; suspendedUntil: Date | null }) {
  const { id: _id, ...fields } = p;
  await db
    .insert(people)
    .values({ ...p, updatedAt: new Date() })
    .onConflictDoUpdate({ target: people.id, set: { ...fields, updatedAt: new Date() } });
}

export async function personById(db: Q, id: string): Promise<PersonRow | undefined> {
  return (await db.select().from(people).where(eq(people.id, id)).limit(1))[0];
}

export async function personByUsername(db: Q, username: string): Promise<PersonRow | undefined> {
  return (await db.select().from(people).where(sql`lower(${people.username}) = ${username.toLowerCase()}`).limit(1))[0];
}

export async function peopleByIds(db: Q, ids: string[]): Promise<Map<string, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(people).where(inArray(people.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Username substring search with the spec's exclusions, in one query. */
export async function searchPeople(db: Q, me: string, term: string, limit: number): Promise<PersonRow[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select()
    .from(people)
    .where(
      and(
        sql`lower(${people.username}) LIKE ${pattern}`,
        sql`${people.id} <> ${me}`,
        sql`NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${me} AND f.friend_id = ${people.id})`,
        sql`NOT EXISTS (SELECT 1 FROM friend_requests r WHERE r.status = 'pending'
              AND ((r.requester_id = ${people.id} AND r.receiver_id = ${me}) OR (r.requester_id = ${me} AND r.receiver_id = ${people.id})))`,
      ),
    )
    .orderBy(sql`lower(${people.username})`)
    .limit(limit);
}

export async function friendsOf(db: Q, userId: string): Promise<PersonRow[]> {
  const rows = await db
    .select({ p: people })
    .from(friendships)
    .innerJoin(people, eq(people.id, friendships.friendId))
    .where(eq(friendships.userId, userId))
    .orderBy(sql`lower(${people.username})`);
  return rows.map((r) => r.p);
}

export async function areFriends(db: Q, a: string, b: string): Promise<boolean> {
  const rows = await db.select({ x: friendships.userId }).from(friendships).where(and(eq(friendships.userId, a), eq(friendships.friendId, b))).limit(1);
  return rows.length > 0;
}

/**
 * Serialises friend-request sends between two people (either direction) until the transaction ends, so that two
 * people asking each other at the same moment become friends instead of leaving two crossed pending requests.
 */
export async function lockPair(db: Q, a: string, b: string): Promise<void> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`social:friend-pair:${key}`}, 0))`);
}

export async function pendingBetween(db: Q, requesterId: string, receiverId: string): Promise<RequestRow | undefined> {
  return (
    await db
      .select()
      .from(friendRequests)
      .where(and(eq(friendRequests.requesterId, requesterId), eq(friendRequests.receiverId, receiverId), eq(friendRequests.status, 'pending')))
      .limit(1)
  )[0];
}

export async function insertRequest(db: Q, requesterId: string, receiverId: string): Promise<RequestRow | undefined> {
  return (await db.insert(friendRequests).values({ requesterId, receiverId }).onConflictDoNothing().returning())[0];
}

export async function requestForUpdate(db: Q, id: string): Promise<RequestRow | undefined> {
  return (await db.select().from(friendRequests).where(eq(friendRequests.id, id)).for('update').limit(1))[0];
}

export async function setRequestStatus(db: Q, id: string, status: 'accepted' | 'rejected'): Promise<RequestRow> {
  return (await db.update(friendRequests).set({ status, respondedAt: new Date() }).where(eq(friendRequests.id, id)).returning())[0]!;
}

/** Both directions; returns false when they were friends already. */
/** Removes a request (a pending one its sender cancelled). */
export async function deleteRequest(db: Q, id: string): Promise<void> {
  await db.delete(friendRequests).where(eq(friendRequests.id, id));
}

export async function insertFriendship(db: Q, a: string, b: string): Promise<boolean> {
  const rows = await db
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing()
    .returning({ u: friendships.userId });
  return rows.length > 0;
}

export async function pendingRequests(db: Q, who: 'receiver' | 'requester', userId: string): Promise<RequestRow[]> {
  const col = who === 'receiver' ? friendRequests.receiverId : friendRequests.requesterId;
  return db
    .select()
    .from(friendRequests)
    .where(and(eq(col, userId), eq(friendRequests.status, 'pending')))
    .orderBy(desc(friendRequests.createdAt))
    .limit(500);
}

/**
 * One stored image of a comment: the bytes only when the caller's entity tag does not already match, so a
 * revalidation reads a hash, not the image. Undefined when the comment or its (re-encoded) image does not exist.
 */
export async function commentImage(db: Q, id: string, thumbnail: boolean, unlessHash: string[] | '*') {
  const data = thumbnail ? comments.thumbData : comments.imageData;
  const row = (
    await db
      .select({
        mime: comments.imageMime,
        hash: comments.imageHash,
        moderation: comments.moderation,
        visible: questionVisibility.visible,
        data:
          unlessHash === '*'
            ? sql<Buffer | null>`NULL`
            : unlessHash.length > 0
              ? sql<Buffer | null>`CASE WHEN ${comments.imageHash} IN ${unlessHash} THEN NULL ELSE ${data} END`
              : data,
      })
      .from(comments)
      .leftJoin(questionVisibility, eq(questionVisibility.questionId, comments.questionId))
      .where(and(eq(comments.id, id), isNotNull(comments.imageWidth)))
      .limit(1)
  )[0];
  return row?.mime && row.hash ? { mime: row.mime, hash: row.hash, data: row.data, moderation: row.moderation, questionVisible: row.visible ?? undefined } : undefined;
}

/** The re-encoded image's columns for insertComment and setCommentImage (all null: no image). */
export function imageColumns(img: ReencodedImage | undefined) {
  return {
    imageMime: img?.mime ?? null,
    imageData: img?.full.data ?? null,
    imageWidth: img?.full.width ?? null,
    imageHeight: img?.full.height ?? null,
    thumbData: img?.thumb.data ?? null,
    thumbWidth: img?.thumb.width ?? null,
    thumbHeight: img?.thumb.height ?? null,
    imageHash: img?.hash ?? null,
  };
}

/** Claims one comment whose image predates re-encoding (other replicas skip it until this transaction ends). */
export async function claimLegacyImage(db: Q): Promise<{ id: string; data: Buffer } | undefined> {
  return (
    await db
      .select({ id: comments.id, data: comments.imageData })
      .from(comments)
      .where(and(isNotNull(comments.imageData), isNull(comments.imageWidth)))
      .for('update', { skipLocked: true })
      .limit(1)
  )[0] as { id: string; data: Buffer } | undefined;
}

/** Replaces a comment's image (undefined: removes it). */
export async function setCommentImage(db: Q, id: string, img: ReencodedImage | undefined): Promise<void> {
  await db.update(comments).set(imageColumns(img)).where(eq(comments.id, id));
}

/** Records a question's visibility (published: true, archived: false). */
export async function setQuestionVisible(db: Q, questionId: string, visible: boolean): Promise<void> {
  await db
    .insert(questionVisibility)
    .values({ questionId, visible, updatedAt: new Date() })
    .onConflictDoUpdate({ target: questionVisibility.questionId, set: { visible, updatedAt: new Date() } });
}

export async function forgetQuestion(db: Q, questionId: string): Promise<void> {
  await db.delete(questionVisibility).where(eq(questionVisibility.questionId, questionId));
}

/** The question's visibility as social knows it; undefined for drafts, deleted and unknown questions. */
export async function questionVisible(db: Q, questionId: string): Promise<boolean | undefined> {
  const rows = await db.select({ visible: questionVisibility.visible }).from(questionVisibility).where(eq(questionVisibility.questionId, questionId)).limit(1);
  return rows[0]?.visible;
}
