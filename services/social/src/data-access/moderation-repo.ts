import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ModerationSettings, ModerationState, ReportReason } from '../domain/moderation.js';
import { commentReports, comments } from './schema.js';
import type { SocialQueryable } from '../context.js';
import { commentCols, type CommentRow } from './comment-repo.js';

type Q = SocialQueryable;
export type ReportRow = typeof commentReports.$inferSelect;

/** A comment, locked for this transaction (reports and decisions on one comment apply one at a time). */
export async function commentForUpdate(db: Q, id: string): Promise<CommentRow | undefined> {
  return (await db.select(commentCols).from(comments).where(eq(comments.id, id)).for('update').limit(1))[0];
}

/** Inserts a report; undefined when this reporter had already reported this comment. */
export async function insertReport(db: Q, r: { commentId: string; reporterId: string; reason: ReportReason; note: string }): Promise<ReportRow | undefined> {
  return (await db.insert(commentReports).values(r).onConflictDoNothing().returning())[0];
}

/**
 * How many open reports of a comment come from reporters who still count (fewer rejected reports than the limit);
 * the domain's rule, done in one query.
 */
export async function countingReports(db: Q, commentId: string, s: ModerationSettings): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`
    SELECT count(*) AS n FROM comment_reports r
    WHERE r.comment_id = ${commentId} AND r.status = 'open'
      AND (SELECT count(*) FROM comment_reports x WHERE x.reporter_id = r.reporter_id AND x.status = 'rejected') < ${s.discountAfter}`);
  return Number(rows[0]?.n ?? 0);
}

export async function setModeration(db: Q, id: string, state: ModerationState, reason: string): Promise<CommentRow> {
  return (await db.update(comments).set({ moderation: state, moderationReason: reason, moderatedAt: new Date() }).where(eq(comments.id, id)).returning(commentCols))[0]!;
}

/** Closes a comment's open reports with the moderator's decision. */
export async function closeReports(db: Q, commentId: string, status: 'rejected' | 'upheld'): Promise<void> {
  await db
    .update(commentReports)
    .set({ status, reviewedAt: new Date() })
    .where(and(eq(commentReports.commentId, commentId), eq(commentReports.status, 'open')));
}

/** Since when a queued comment waits: its oldest open report, or (hidden without one) its posting. */
const waitingSince = sql<Date>`coalesce((SELECT min(r.created_at) FROM comment_reports r WHERE r.comment_id = ${comments.id} AND r.status = 'open'), ${comments.createdAt})`;
/** In the queue: hidden (and not deleted), or not removed with an open report. */
const inQueue = or(
  and(eq(comments.moderation, 'hidden'), isNull(comments.deletedAt)),
  and(ne(comments.moderation, 'removed'), sql`EXISTS (SELECT 1 FROM comment_reports r WHERE r.comment_id = ${comments.id} AND r.status = 'open')`),
);

/** The queue: comments with an open report or hidden, the longest-waiting first. */
export async function queueComments(db: Q, limit: number): Promise<CommentRow[]> {
  return db.select(commentCols).from(comments).where(inQueue).orderBy(asc(waitingSince), asc(comments.id)).limit(limit);
}

/** When the queue's longest-waiting comment started waiting (Unix seconds), or null when the queue is empty. */
export async function oldestQueuedSince(db: Q): Promise<number | null> {
  const [row] = await db.select({ since: sql<number | null>`extract(epoch FROM min(${waitingSince}))::float8` }).from(comments).where(inQueue);
  return row?.since ?? null;
}

/** Every report of these comments, oldest first, with how many of each reporter's reports were rejected. */
export async function reportsOf(db: Q, commentIds: string[]): Promise<(ReportRow & { reporterRejected: number })[]> {
  if (commentIds.length === 0) return [];
  const rejected = sql<number>`(SELECT count(*) FROM comment_reports x WHERE x.reporter_id = ${commentReports.reporterId} AND x.status = 'rejected')::int`;
  return db
    .select({ r: commentReports, rejected })
    .from(commentReports)
    .where(inArray(commentReports.commentId, commentIds))
    .orderBy(asc(commentReports.createdAt))
    .then((rows) => rows.map(({ r, rejected: n }) => ({ ...r, reporterRejected: Number(n) })));
}

/** An author's comments that were ever reported or removed (latest first), and how many reports they received. */
export async function authorHistory(db: Q, authorId: string, limit: number): Promise<{ comments: CommentRow[]; reports: number }> {
  const reported = sql`EXISTS (SELECT 1 FROM comment_reports r WHERE r.comment_id = ${comments.id})`;
  const [rows, count] = await Promise.all([
    db
      .select(commentCols)
      .from(comments)
      .where(and(eq(comments.userId, authorId), or(ne(comments.moderation, 'visible'), reported)))
      .orderBy(desc(comments.createdAt))
      .limit(limit),
    db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM comment_reports r JOIN comments c ON c.id = r.comment_id WHERE c.user_id = ${authorId}`),
  ]);
  return { comments: rows, reports: Number(count.rows[0]?.n ?? 0) };
}



/** The reports a person filed, oldest first (download my data). */
export async function reportsBy(db: Q, userId: string): Promise<ReportRow[]> {
  return db.select().from(commentReports).where(eq(commentReports.reporterId, userId)).orderBy(asc(commentReports.createdAt), asc(commentReports.id));
}
