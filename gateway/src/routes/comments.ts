import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { social } from '@mzansi/proto';
import { CommentBody, CommentImageQuery, CommentsQuery, IdParams, REPLIES_PER_COMMENT, type Comment } from '@mzansi/api';
import { sendJson, type PublicCache } from '../cache.js';
import type { Clients } from '../clients.js';
import { HttpError, badRequest, parse } from '../errors.js';
import type { RateLimits } from '../rate-limit.js';
import { bodyOf, send } from '../respond.js';
import { actorOf, requireActor } from '../session.js';
import { personJson } from '../users.js';
import { predictionOf, predictionsFor } from '../comment-predictions.js';
import { refusedIfSuspended, refuseIfSuspended } from '../suspension.js';

export interface CommentsDeps {
  clients: Clients;
  cache: PublicCache;
  rateLimits: RateLimits;
}

export function commentJson(c: social.Comment): Comment {
  return {
    id: c.id,
    questionId: c.questionId,
    userId: c.user?.id ?? '',
    content: c.content,
    // The image (≤ 1600 px) opens on a tap; lists show the thumbnail (≤ 480 px). Sizes let the page reserve space.
    imageUrl: c.hasImage ? `/api/comments/${c.id}/image` : null,
    imageWidth: c.hasImage ? c.imageWidth : null,
    imageHeight: c.hasImage ? c.imageHeight : null,
    thumbUrl: c.hasImage ? `/api/comments/${c.id}/image?size=thumb` : null,
    thumbWidth: c.hasImage ? c.thumbWidth : null,
    thumbHeight: c.hasImage ? c.thumbHeight : null,
    createdAt: c.createdAt?.toISOString() ?? null,
    user: personJson(c.user),
    moderation: c.moderation === 'hidden' || c.moderation === 'removed' ? c.moderation : 'visible',
    moderationReason: c.moderationReason || null,
    parentId: c.parentId || null,
    replyCount: c.replyCount,
    agreeCount: c.agreeCount,
    agreedByMe: c.agreedByMe,
    ...(c.deleted && { deleted: true as const }),
  };
}

/**
 * The comment route alone accepts bodies big enough for a 5 MB image (as base64 JSON); anything larger is a 413
 * with the message the app shows. Mounted before the API's small default body limit.
 */
export function commentBodyParser() {
  const parser = express.json({ limit: '7mb', strict: true });
  return (req: Request, res: Response, next: NextFunction) =>
    parser(req, res, (err?: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.too.large') {
        return next(new HttpError(413, 'Image too large. Please select an image smaller than 5MB', {}, 'uploadTooLarge'));
      }
      next(err as Error | undefined);
    });
}

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * A comment's image never changes under its id (comments are not edited): browsers keep it a year without asking
 * again. `private`: no shared cache keeps it, so once the comment is deleted nobody who had not already seen it
 * gets it (Lighthouse's cache audit: with `public, max-age=300` a deleted comment lived on in caches).
 */
const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';
const IMAGE_TOO_LARGE = 'Please select an image smaller than 5MB';
const BASE64_DATA_URL = /^data:[^,]{0,100};base64,/;

/**
 * Images over 5 MB stop here and never travel to the social service: a base64 data URL's decoded size is known
 * from its length; anything else longer than the longest valid image data URL is refused too (social checks the rest).
 */
function checkImageSize(imageUrl: string | null | undefined) {
  if (!imageUrl) return;
  const prefix = BASE64_DATA_URL.exec(imageUrl)?.[0];
  if (prefix) {
    const b64 = imageUrl.length - prefix.length;
    const padding = imageUrl.endsWith('==') ? 2 : imageUrl.endsWith('=') ? 1 : 0;
    if (Math.floor((b64 * 3) / 4) - padding > MAX_IMAGE_BYTES) throw badRequest(IMAGE_TOO_LARGE, 'commentTooLarge');
  } else if (imageUrl.length > Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64) throw badRequest(IMAGE_TOO_LARGE, 'commentTooLarge');
}

/** /api/questions/{id}/comments: a question's comments (public to read) and posting one (rate-limited). */
export function questionCommentRoutes(r: Router, { clients, cache, rateLimits }: CommentsDeps): void {
  r.get('/:id/comments', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { sort } = parse(CommentsQuery, req.query);
    const actor = actorOf(res);
    // Social answers 404 for a draft's or a deleted question's comments unless the actor is an admin.
    const { comments, replies } = await clients.social.listComments({ questionId: id, sort, repliesPerComment: REPLIES_PER_COMMENT }, { actor });
    const predictions = await predictionsFor(clients, actor, id, [...comments, ...replies]);
    const json = (c: social.Comment) => ({ ...commentJson(c), ...predictionOf(predictions, c) });
    send(res, 'GET /api/questions/{id}/comments', 200, comments.map((c) => ({ ...json(c), replies: replies.filter((x) => x.parentId === c.id).map(json) })));
  });
  r.post('/:id/comments', async (req, res) => {
    const actor = requireActor(res);
    const { id } = parse(IdParams, req.params);
    const body = parse(CommentBody, req.body);
    checkImageSize(body.imageUrl);
    await rateLimits.comment(actor.id);
    // 404 for unknown or hidden questions; 403 for a suspended author. Identity is asked first: social's own copy of
    // the suspensions comes by event, and a comment just after a suspension would reach social before it.
    await Promise.all([clients.questions.getQuestion({ id }, { actor }), refuseIfSuspended(clients, actor)]);
    const { comment } = await refusedIfSuspended(clients, actor, () =>
      clients.social.postComment(
        { questionId: id, content: body.content, imageDataUrl: body.imageUrl ?? '', parentId: body.parentId ?? '', showPrediction: body.showPrediction },
        { actor, deadlineMs: 10_000 },
      ),
    );
    cache.clear();
    const predictions = await predictionsFor(clients, actor, id, [comment!]);
    send(res, 'POST /api/questions/{id}/comments', 201, { ...commentJson(comment!), ...predictionOf(predictions, comment!) });
  });
}

/** /api/comments: the latest on public questions, deleting one's own (or any, as an admin), images. */
export function commentsRouter({ clients, cache }: CommentsDeps): Router {
  const comments = Router();
  comments.get('/public', async (_req, res) => {
    const body = await cache.json('comments:public', async () => {
      const { questions } = await clients.questions.listPublicQuestions({ limit: 30, query: '', cursor: '' });
      if (questions.length === 0) return bodyOf('GET /api/comments/public', 200, {});
      const latest = await clients.social.listLatestComments({ questionIds: questions.map((q) => q.id), perQuestion: 3 });
      return bodyOf('GET /api/comments/public', 200, Object.fromEntries(latest.questions.map((q) => [q.questionId, q.comments.map(commentJson)])));
    });
    sendJson(res, body);
  });
  comments.get('/:id/replies', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const actor = actorOf(res);
    const { replies } = await clients.social.listReplies({ commentId: id }, { actor });
    const predictions = replies.length > 0 ? await predictionsFor(clients, actor, replies[0]!.questionId, replies) : new Map();
    send(res, 'GET /api/comments/{id}/replies', 200, replies.map((c) => ({ ...commentJson(c), ...predictionOf(predictions, c) })));
  });
  const setAgree = async (req: Request, res: Response, agree: boolean) => {
    const actor = requireActor(res);
    const { id } = parse(IdParams, req.params);
    return clients.social.setAgree({ commentId: id, agree }, { actor }).then(({ agreeCount, agreedByMe }) => ({ agreeCount, agreedByMe }));
  };
  comments.put('/:id/agree', async (req, res) => send(res, 'PUT /api/comments/{id}/agree', 200, await setAgree(req, res, true)));
  comments.delete('/:id/agree', async (req, res) => send(res, 'DELETE /api/comments/{id}/agree', 200, await setAgree(req, res, false)));
  comments.delete('/:id', async (req, res) => {
    const actor = requireActor(res);
    const { id } = parse(IdParams, req.params);
    const { questionId } = await clients.social.deleteComment({ id }, { actor });
    cache.clear();
    send(res, 'DELETE /api/comments/{id}', 200, { success: true, questionId });
  });
  // Asked of social on every request, never cached here (nor in shared caches): a deleted comment's image is 404
  // at once. A revalidation with a matching ETag is a 304 without the bytes.
  comments.get('/:id/image', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { size } = parse(CommentImageQuery, req.query);
    const img = await clients.social.getCommentImage({ commentId: id, thumbnail: size === 'thumb', ifNoneMatch: req.get('if-none-match') ?? '' });
    res.set({
      'Cache-Control': IMAGE_CACHE_CONTROL,
      ETag: img.etag,
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'Content-Disposition': 'inline',
    });
    if (img.notModified) {
      res.status(304).end();
      return;
    }
    res.type(img.mimeType).send(Buffer.from(img.data));
  });
  return comments;
}

