import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { commentAgrees, commentReports, comments } from './schema.js';
import type { SocialQueryable } from '../context.js';

type Q = SocialQueryable;

/** Replies keep their place under a comment deleted by its author; the placeholder names nobody. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/** What a deleted comment keeps of its author's: nothing (its id, question and place stay for its replies). */
export const PLACEHOLDER = {
  userId: NOBODY,
  content: '',
  imageMime: null,
  imageData: null,
  imageWidth: null,
  imageHeight: null,
  thumbData: null,
  thumbWidth: null,
  thumbHeight: null,
  imageHash: null,
  showPrediction: false,
};

/**
 * A comment's columns without its image bytes, with its reply and agree counts read in the same query (an index
 * range each: comments_parent_idx, the agrees' primary key), so a page of comments is one query, never one per comment.
 */
export const commentCols = {
  id: comments.id,
  questionId: comments.questionId,
  userId: comments.userId,
  content: comments.content,
  imageWidth: comments.imageWidth,
  imageHeight: comments.imageHeight,
  thumbWidth: comments.thumbWidth,
  thumbHeight: comments.thumbHeight,
  createdAt: comments.createdAt,
  moderation: comments.moderation,
  moderationReason: comments.moderationReason,
  parentId: comments.parentId,
  showPrediction: comments.showPrediction,
  deletedAt: comments.deletedAt,
  // Qualified by hand: drizzle leaves a lone table's columns unqualified, which the subquery's own table would capture.
  replyCount: sql<number>`(SELECT count(*)::int FROM comments r WHERE r.parent_id = "comments"."id")`.mapWith(Number),
  agreeCount: sql<number>`(SELECT count(*)::int FROM comment_agrees a WHERE a.comment_id = "comments"."id")`.mapWith(Number),
};

/** A comment without its image bytes; the sizes are null when it has no (re-encoded) image. */
export type CommentRow = {
  id: string;
  questionId: string;
  userId: string;
  content: string;
  imageWidth: number | null;
  imageHeight: number | null;
  thumbWidth: number | null;
  thumbHeight: number | null;
  createdAt: Date;
  moderation: 'visible' | 'hidden' | 'removed';
  moderationReason: string;
  parentId: string | null;
  showPrediction: boolean;
  deletedAt: Date | null;
  replyCount: number;
  agreeCount: number;
};

export type CommentSort = 'oldest' | 'newest' | 'top';

export async function insertComment(db: Q, values: typeof comments.$inferInsert): Promise<CommentRow> {
  return (await db.insert(comments).values(values).returning(commentCols))[0]!;
}

/** A question's top-level comments (replies come with firstReplies), sorted; top: most agrees, then newest. */
export async function commentsOf(db: Q, questionId: string, sort: CommentSort = 'oldest'): Promise<CommentRow[]> {
  const order =
    sort === 'top' ? [desc(commentCols.agreeCount), desc(comments.createdAt), desc(comments.id)] : sort === 'newest' ? [desc(comments.createdAt), desc(comments.id)] : [asc(comments.createdAt), asc(comments.id)];
  return db
    .select(commentCols)
    .from(comments)
    .where(and(eq(comments.questionId, questionId), isNull(comments.parentId)))
    .orderBy(...order)
    .limit(1000);
}

const uuidList = (ids: string[]) => sql`(${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`;

/** The first `n` replies (oldest first) of each of these comments, in one query. */
export async function firstReplies(db: Q, parentIds: string[], n: number): Promise<CommentRow[]> {
  if (parentIds.length === 0 || n <= 0) return [];
  return db
    .select(commentCols)
    .from(comments)
    .where(
      sql`${comments.id} IN (SELECT id FROM (
            SELECT c.id, row_number() OVER (PARTITION BY c.parent_id ORDER BY c.created_at, c.id) AS rn
            FROM comments c WHERE c.parent_id IN ${uuidList(parentIds)}) x WHERE rn <= ${n})`,
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** Every reply of one comment, oldest first. */
export async function repliesOf(db: Q, parentId: string): Promise<CommentRow[]> {
  return db.select(commentCols).from(comments).where(eq(comments.parentId, parentId)).orderBy(asc(comments.createdAt), asc(comments.id)).limit(1000);
}

/** The latest `n` visible comments of each question and their total (hidden, removed and deleted ones stay off public lists), in one query. */
export async function latestComments(db: Q, questionIds: string[], n: number): Promise<(CommentRow & { total: number })[]> {
  if (questionIds.length === 0) return [];
  const ranked = db
    .select({
      id: comments.id,
      rn: sql<number>`row_number() OVER (PARTITION BY ${comments.questionId} ORDER BY ${comments.createdAt} DESC)`.as('rn'),
      total: sql<number>`count(*) OVER (PARTITION BY ${comments.questionId})`.as('total'),
    })
    .from(comments)
    .where(and(eq(comments.moderation, 'visible'), isNull(comments.deletedAt), inArray(comments.questionId, questionIds)))
    .as('ranked');
  const rows = await db
    .select({ ...commentCols, total: ranked.total })
    .from(comments)
    .innerJoin(ranked, eq(ranked.id, comments.id))
    .where(sql`${ranked.rn} <= ${n}`)
    .orderBy(asc(comments.questionId), desc(comments.createdAt));
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

export async function commentsByUsers(db: Q, userIds: string[], questionIds: string[]): Promise<CommentRow[]> {
  if (userIds.length === 0 || questionIds.length === 0) return [];
  return db
    .select(commentCols)
    .from(comments)
    .where(and(inArray(comments.userId, userIds), inArray(comments.questionId, questionIds), isNull(comments.deletedAt)))
    .orderBy(desc(comments.createdAt))
    .limit(2000);
}

export async function commentById(db: Q, id: string) {
  return (await db.select({ id: comments.id, userId: comments.userId, questionId: comments.questionId }).from(comments).where(eq(comments.id, id)).limit(1))[0];
}

/**
 * A comment locked for this transaction: `update` for deletions and moderators' decisions, `share` for a reply
 * being posted under it (so it cannot be deleted outright, taking the new reply with it, meanwhile).
 */
export async function lockComment(db: Q, id: string, mode: 'update' | 'share' = 'update'): Promise<CommentRow | undefined> {
  return (await db.select(commentCols).from(comments).where(eq(comments.id, id)).for(mode).limit(1))[0];
}

export async function hasReplies(db: Q, id: string): Promise<boolean> {
  return (await db.select({ id: comments.id }).from(comments).where(eq(comments.parentId, id)).limit(1)).length > 0;
}

/**
 * Turns a comment into the "comment deleted" placeholder its replies stay under: no author, text, image,
 * prediction, agrees or reports are kept.
 */
export async function softDeleteComment(db: Q, id: string): Promise<void> {
  await db
    .update(comments)
    .set({ ...PLACEHOLDER, deletedAt: new Date() })
    .where(eq(comments.id, id));
  await db.delete(commentAgrees).where(eq(commentAgrees.commentId, id));
  await db.delete(commentReports).where(eq(commentReports.commentId, id));
}

export async function deleteComment(db: Q, id: string): Promise<void> {
  await db.delete(comments).where(eq(comments.id, id));
}

/** Placeholders among these comments whose last reply is gone are deleted too. */
export async function dropEmptyPlaceholders(db: Q, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(comments)
    .where(and(inArray(comments.id, ids), sql`${comments.deletedAt} IS NOT NULL`, sql`NOT EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = ${comments.id})`));
}

export async function deleteCommentsOfQuestion(db: Q, questionId: string): Promise<void> {
  // Agrees and reports go with their comments (ON DELETE CASCADE), replies with their parents.
  await db.delete(comments).where(eq(comments.questionId, questionId));
}

/** Records an agree; false when this person already agreed. */
export async function addAgree(db: Q, commentId: string, userId: string): Promise<boolean> {
  return (await db.insert(commentAgrees).values({ commentId, userId }).onConflictDoNothing().returning({ c: commentAgrees.commentId })).length > 0;
}

export async function removeAgree(db: Q, commentId: string, userId: string): Promise<void> {
  await db.delete(commentAgrees).where(and(eq(commentAgrees.commentId, commentId), eq(commentAgrees.userId, userId)));
}

export async function agreeCount(db: Q, commentId: string): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM comment_agrees WHERE comment_id = ${commentId}`);
  return Number(rows[0]?.n ?? 0);
}

/** Which of these comments the person agrees with (one query per page). */
export async function agreedBy(db: Q, userId: string, commentIds: string[]): Promise<Set<string>> {
  if (commentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: commentAgrees.commentId })
    .from(commentAgrees)
    .where(and(eq(commentAgrees.userId, userId), inArray(commentAgrees.commentId, [...new Set(commentIds)])));
  return new Set(rows.map((r) => r.id));
}
