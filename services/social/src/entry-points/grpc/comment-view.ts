import type { Actor } from '@mzansi/kit';
import type { Comment, Person } from '@mzansi/proto/social/v1/social';
import * as repo from '../../data-access/social-repo.js';
import { seesModerated } from '../../domain/moderation.js';
import type { SocialQueryable } from '../../context.js';

export const UNKNOWN = (id: string): Person => ({ id, username: 'unknown', name: 'Unknown user', isAdmin: false });
export const person = (p: repo.PersonRow): Person => ({ id: p.id, username: p.username, name: p.name, isAdmin: p.isAdmin });

/**
 * Comments as `viewer` may see them, with their authors and whether the viewer agrees (two queries for the whole
 * page). A hidden or removed comment keeps its place (so the conversation around it keeps its shape) but reaches
 * others than its author and admins without text or image; a deleted one with replies reaches everyone as a
 * placeholder without author.
 */
export async function commentsFor(db: SocialQueryable, rows: repo.CommentRow[], viewer: Actor | null | undefined): Promise<Comment[]> {
  const [byId, agreed] = await Promise.all([
    repo.peopleByIds(db, rows.filter((r) => !r.deletedAt).map((r) => r.userId)),
    viewer ? repo.agreedBy(db, viewer.id, rows.map((r) => r.id)) : new Set<string>(),
  ]);
  return rows.map((r) => {
    const deleted = !!r.deletedAt;
    const shown = !deleted && (r.moderation === 'visible' || seesModerated(viewer, r.userId));
    // A removed comment's image is gone for everyone (getCommentImage answers 404).
    const image = shown && r.imageWidth !== null && r.moderation !== 'removed';
    return {
      id: r.id,
      questionId: r.questionId,
      user: deleted ? undefined : byId.has(r.userId) ? person(byId.get(r.userId)!) : UNKNOWN(r.userId),
      content: shown ? r.content : '',
      hasImage: image,
      createdAt: r.createdAt,
      imageWidth: image ? (r.imageWidth ?? 0) : 0,
      imageHeight: image ? (r.imageHeight ?? 0) : 0,
      thumbWidth: image ? (r.thumbWidth ?? 0) : 0,
      thumbHeight: image ? (r.thumbHeight ?? 0) : 0,
      moderation: r.moderation,
      moderationReason: shown ? r.moderationReason : '',
      parentId: r.parentId ?? '',
      replyCount: r.replyCount,
      agreeCount: r.agreeCount,
      agreedByMe: agreed.has(r.id),
      // Only with the text: a hidden comment's author's answer is as withheld as what they wrote.
      showPrediction: shown && r.showPrediction,
      deleted,
    };
  });
}
