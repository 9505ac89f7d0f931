import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { forgetEventsAbout } from '@mzansi/kit';
import { commentAgrees, commentReports, comments, friendRequests, friendships, people } from './schema.js';
import type { SocialQueryable } from '../context.js';
import { commentCols, PLACEHOLDER, type CommentRow } from './comment-repo.js';

type Q = SocialQueryable;

/**
 * Erases a deleted user from social: their comments (the images are columns of the comment row, so they go with
 * it and the image URLs are 404 at once), the reports they filed, friendships both ways, friend requests both ways whatever their status,
 * the directory entry, and social's outbox rows that name them (its audit records). Idempotent: a second run finds
 * nothing.
 */
export async function eraseUser(db: Q, userId: string): Promise<{ comments: number; friendships: number; requests: number; reports: number }> {
  // The reports they filed (reports of their own comments go with the comments). The audit log names reports only
  // by id, so it needs no rewriting.
  const reports = await db.delete(commentReports).where(eq(commentReports.reporterId, userId)).returning({ id: commentReports.id });
  // Their agrees go; so do the agrees and reports of their comments (with the comments, or below).
  await db.delete(commentAgrees).where(eq(commentAgrees.userId, userId));
  // A comment of theirs that others replied to stays as the "comment deleted" placeholder above those replies, with
  // nothing of theirs left in it; the rest of their comments (their replies included) go.
  const kept = await db
    .update(comments)
    .set({ ...PLACEHOLDER, deletedAt: new Date() })
    .where(and(eq(comments.userId, userId), isNull(comments.parentId), sql`EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = ${comments.id} AND r.user_id <> ${userId})`))
    .returning({ id: comments.id });
  if (kept.length > 0) {
    const keptIds = kept.map((k) => k.id);
    await db.delete(commentAgrees).where(inArray(commentAgrees.commentId, keptIds));
    await db.delete(commentReports).where(inArray(commentReports.commentId, keptIds));
  }
  const gone = await db.delete(comments).where(eq(comments.userId, userId)).returning({ id: comments.id, parentId: comments.parentId });
  // Placeholders whose last reply was theirs go too.
  const parents = [...new Set(gone.flatMap((g) => (g.parentId ? [g.parentId] : [])))];
  if (parents.length > 0) {
    await db
      .delete(comments)
      .where(and(inArray(comments.id, parents), sql`${comments.deletedAt} IS NOT NULL`, sql`NOT EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = ${comments.id})`));
  }
  const friends = await db
    .delete(friendships)
    .where(or(eq(friendships.userId, userId), eq(friendships.friendId, userId)))
    .returning({ u: friendships.userId });
  const requests = await db
    .delete(friendRequests)
    .where(or(eq(friendRequests.requesterId, userId), eq(friendRequests.receiverId, userId)))
    .returning({ id: friendRequests.id });
  await db.delete(people).where(eq(people.id, userId));
  await forgetEventsAbout(db, userId);
  return { comments: gone.length + kept.length, friendships: friends.length / 2, requests: requests.length, reports: reports.length };
}

/** Every comment of a user, oldest first, without the image bytes (the export links to them). */
export async function commentsForExport(db: Q, userId: string): Promise<CommentRow[]> {
  return db.select(commentCols).from(comments).where(eq(comments.userId, userId)).orderBy(asc(comments.createdAt), asc(comments.id));
}

/** A user's friendships with their start. */
export async function friendshipsForExport(db: Q, userId: string) {
  return db
    .select({ friendId: friendships.friendId, since: friendships.createdAt })
    .from(friendships)
    .where(eq(friendships.userId, userId))
    .orderBy(asc(friendships.createdAt));
}

/** Every friend request a user sent or received, whatever its status, latest first. */
export async function requestsForExport(db: Q, userId: string) {
  return db
    .select()
    .from(friendRequests)
    .where(or(eq(friendRequests.requesterId, userId), eq(friendRequests.receiverId, userId)))
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id));
}
