import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { social } from '@mzansi/proto';
import { z } from 'zod';
import { sendJson, type PublicCache } from '../cache.js';
import type { Clients } from '../clients.js';
import type { Composer } from '../compose.js';
import { HttpError, badRequest, parse } from '../errors.js';
import { visibleResults } from '../questions.js';
import type { RateLimits } from '../rate-limit.js';
import { idParams, ownUserId, uuidAnyCase } from '../params.js';
import { actorOf, requireActor, requireSelf } from '../session.js';

const searchQuery = z.object({ q: z.string().max(100).default('') });
const ownUserIdBody = z.object({ userId: ownUserId });

export interface SocialDeps {
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
  rateLimits: RateLimits;
}

export function personJson(p: social.Person | undefined) {
  return p ? { id: p.id, username: p.username, name: p.name, isAdmin: p.isAdmin } : null;
}

export function commentJson(c: social.Comment) {
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
  };
}

function requestJson(r: social.FriendRequest) {
  return { id: r.id, createdAt: r.createdAt?.toISOString() ?? null, status: r.status, requester: personJson(r.requester), receiver: personJson(r.receiver) };
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

/** /api/users/search, /api/users/{id}/friends, /friend-requests, /sent-requests. */
export function peopleRouter({ clients }: SocialDeps): Router {
  const r = Router();

  r.get('/search', async (req, res) => {
    const actor = requireActor(res);
    const { q } = parse(searchQuery, req.query);
    if (q === '_all') {
      const { users } = await clients.identity.listUsers({}, { actor });
      res.json(users.map((u) => ({ ...personJson(u), joinDate: u.joinDate?.toISOString() ?? null })));
      return;
    }
    if (q.trim().length < 2) throw badRequest('Type at least 2 characters to search', 'socialSearchShort');
    const { people } = await clients.social.searchPeople({ query: q, limit: 20 }, { actor });
    res.json(people.map(personJson));
  });

  r.get('/:id/friends', async (req, res) => {
    requireActor(res);
    const { id } = parse(idParams, req.params);
    const actor = requireSelf(res, id, { adminMayRead: true });
    const { friends } = await clients.social.listFriends({ userId: id }, { actor });
    res.json({ friends: friends.map(personJson) });
  });

  // Admins may read any user's requests (PRODUCT.md); social checks it again.
  r.get('/:id/friend-requests', async (req, res) => {
    requireActor(res);
    const { id } = parse(idParams, req.params);
    const actor = requireSelf(res, id, { adminMayRead: true });
    const { requests } = await clients.social.listIncomingRequests({ userId: id }, { actor });
    res.json(requests.map(requestJson));
  });

  r.get('/:id/sent-requests', async (req, res) => {
    requireActor(res);
    const { id } = parse(idParams, req.params);
    const actor = requireSelf(res, id, { adminMayRead: true });
    const { requests } = await clients.social.listSentRequests({ userId: id }, { actor });
    res.json(requests.map(requestJson));
  });

  return r;
}

const friendshipBody = z
  .object({
    userId: ownUserId,
    friendId: uuidAnyCase('User not found').optional(),
    friendUsername: z.string().trim().max(60).optional(),
  })
  .refine((b) => b.friendId || b.friendUsername, 'Please enter a username');

/** POST /api/friendships and PUT /api/friend-requests/{id}/accept|reject. */
export function friendshipsRouter({ clients }: SocialDeps): Router {
  const r = Router();
  r.post('/friendships', async (req, res) => {
    requireActor(res);
    const body = parse(friendshipBody, req.body);
    const actor = requireSelf(res, body.userId);
    const { request, becameFriends } = await clients.social.sendFriendRequest(
      { friendId: body.friendId ?? '', friendUsername: body.friendId ? '' : (body.friendUsername ?? '') },
      { actor },
    );
    res.status(201).json({
      ...requestJson(request!),
      becameFriends,
      message: becameFriends ? 'You are now friends!' : 'Friend request sent',
    });
  });

  for (const action of ['accept', 'reject'] as const) {
    r.put(`/friend-requests/:id/${action}`, async (req, res) => {
      requireActor(res);
      const { id } = parse(idParams, req.params);
      const actor = requireSelf(res, parse(ownUserIdBody, req.body).userId);
      const call = action === 'accept' ? clients.social.acceptFriendRequest : clients.social.rejectFriendRequest;
      const { request } = await call({ id }, { actor });
      res.json(requestJson(request!));
    });
  }

  // The sender takes back a pending request (social checks it is theirs and still pending).
  r.delete('/friend-requests/:id', async (req, res) => {
    const actor = requireActor(res);
    const { id } = parse(idParams, req.params);
    await clients.social.cancelFriendRequest({ id }, { actor });
    res.json({ success: true });
  });
  return r;
}

const commentBody = z.object({
  content: z.string().max(10_000).default(''),
  imageUrl: z.string().max(8_000_000).nullish(),
});

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * A comment's image never changes under its id (comments are not edited): browsers keep it a year without asking
 * again. `private`: no shared cache keeps it, so once the comment is deleted nobody who had not already seen it
 * gets it (Lighthouse's cache audit, issue 19; it was `public, max-age=300`).
 */
const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';
const imageQuery = z.object({ size: z.enum(['full', 'thumb']).default('full') });
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

/** Comments on questions (public to read), posting (rate-limited), deleting, images. */
export function commentsRoutes({ clients, cache, rateLimits }: SocialDeps) {
  const byQuestion = Router();
  byQuestion.get('/:id/comments', async (req, res) => {
    const { id } = parse(idParams, req.params);
    // Social answers 404 for a draft's or a deleted question's comments unless the actor is an admin.
    const { comments } = await clients.social.listComments({ questionId: id }, { actor: actorOf(res) });
    res.json(comments.map(commentJson));
  });
  byQuestion.post('/:id/comments', async (req, res) => {
    const actor = requireActor(res);
    const { id } = parse(idParams, req.params);
    const body = parse(commentBody, req.body);
    checkImageSize(body.imageUrl);
    await rateLimits.comment(actor.id);
    await clients.questions.getQuestion({ id }, { actor }); // 404 for unknown or hidden questions
    const { comment } = await clients.social.postComment(
      { questionId: id, content: body.content, imageDataUrl: body.imageUrl ?? '' },
      { actor, deadlineMs: 10_000 },
    );
    cache.clear();
    res.status(201).json(commentJson(comment!));
  });

  const comments = Router();
  comments.get('/public', async (_req, res) => {
    const body = await cache.json('comments:public', async () => {
      const { questions } = await clients.questions.listPublicQuestions({ limit: 30, query: '', cursor: '' });
      if (questions.length === 0) return {};
      const latest = await clients.social.listLatestComments({ questionIds: questions.map((q) => q.id), perQuestion: 3 });
      return Object.fromEntries(latest.questions.map((q) => [q.questionId, q.comments.map(commentJson)]));
    });
    sendJson(res, body);
  });
  comments.delete('/:id', async (req, res) => {
    const actor = requireActor(res);
    const { id } = parse(idParams, req.params);
    const { questionId } = await clients.social.deleteComment({ id }, { actor });
    cache.clear();
    res.json({ success: true, questionId });
  });
  // Asked of social on every request, never cached here (nor in shared caches): a deleted comment's image is 404
  // at once. A revalidation with a matching ETag is a 304 without the bytes.
  comments.get('/:id/image', async (req, res) => {
    const { id } = parse(idParams, req.params);
    const { size } = parse(imageQuery, req.query);
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
  return { byQuestion, comments };
}

/**
 * GET /api/feed/friends: public questions your friends answered or commented on, with their predictions, the
 * overall results and up to 5 of their comments — four calls for the whole feed, whatever its length.
 */
export function friendsFeedRouter({ clients, composer }: SocialDeps): Router {
  const r = Router();
  r.get('/friends', async (_req, res) => {
    const actor = requireActor(res);
    const [{ friends }, { questions }] = await Promise.all([
      clients.social.listFriends({ userId: actor.id }, { actor }),
      clients.questions.listPublicQuestions({ limit: 30, query: '', cursor: '' }),
    ]);
    if (friends.length === 0 || questions.length === 0) {
      res.json({ friendCount: friends.length, questions: [] });
      return;
    }
    const friendIds = friends.map((f) => f.id);
    const questionIds = questions.map((q) => q.id);
    const [{ answers }, { comments }, counts] = await Promise.all([
      // The reader's own answers come too: a blind question's figures show only to those who answered it.
      clients.voting.getAnswersByUsers({ questionIds, userIds: [...friendIds, actor.id] }, { actor }),
      clients.social.listCommentsByUsers({ userIds: friendIds, questionIds }, { actor }),
      composer.counts(questionIds),
    ]);
    const friendById = new Map(friends.map((f) => [f.id, f]));
    const answeredByMe = new Set(answers.filter((a) => a.userId === actor.id).map((a) => a.questionId));
    const out = questions.flatMap((q) => {
      const qAnswers = answers.filter((a) => a.questionId === q.id && a.userId !== actor.id);
      const qComments = comments.filter((c) => c.questionId === q.id);
      if (qAnswers.length === 0 && qComments.length === 0) return [];
      const { results, totalVotes, resultsHidden } = visibleResults(q, counts.get(q.id), answeredByMe.has(q.id) || actor.isAdmin);
      return [
        {
          id: q.id,
          text: q.text,
          context: q.context || null,
          date: q.date?.toISOString() ?? null,
          publishedAt: q.publishedAt?.toISOString() ?? null,
          isResolved: q.isResolved,
          correctOptionId: q.correctOptionId || null,
          options: q.options,
          isSample: q.isSample,
          isBlind: q.isBlind,
          resultsHidden,
          results,
          totalVotes,
          friendAnswers: qAnswers.flatMap((a) => {
            const f = friendById.get(a.userId);
            return f ? [{ userId: f.id, name: f.name, username: f.username, optionId: a.optionId, optionText: q.options.find((o) => o.id === a.optionId)?.text ?? a.optionId }] : [];
          }),
          friendComments: qComments.slice(0, 5).map(commentJson),
          friendCommentCount: qComments.length,
        },
      ];
    });
    res.json({ friendCount: friends.length, questions: out });
  });
  return r;
}
