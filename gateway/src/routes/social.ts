import { Router } from 'express';
import type { social } from '@mzansi/proto';
import { z } from 'zod';
import type { PublicCache } from '../cache.js';
import type { Clients } from '../clients.js';
import type { Composer } from '../compose.js';
import { badRequest, parse } from '../errors.js';
import type { RateLimits } from '../rate-limit.js';
import { idParams, ownUserId, uuidAnyCase } from '../params.js';
import { requireActor, requireSelf } from '../session.js';
import { personJson } from '../users.js';

const searchQuery = z.object({ q: z.string().max(100).default('') });
const ownUserIdBody = z.object({ userId: ownUserId });

export interface SocialDeps {
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
  rateLimits: RateLimits;
}

function requestJson(r: social.FriendRequest) {
  return { id: r.id, createdAt: r.createdAt?.toISOString() ?? null, status: r.status, requester: personJson(r.requester), receiver: personJson(r.receiver) };
}

/** /api/users/search, /api/users/{id}/friends, /friend-requests, /sent-requests. */
export function peopleRoutes(r: Router, { clients }: SocialDeps): void {
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

}

const friendshipBody = z
  .object({
    userId: ownUserId,
    friendId: uuidAnyCase('User not found').optional(),
    friendUsername: z.string().trim().max(60).optional(),
  })
  .refine((b) => b.friendId || b.friendUsername, 'Please enter a username');

/** POST /api/friendships: a friend request by id or username (friends at once when they had asked too). */
export function friendshipsRouter({ clients }: SocialDeps): Router {
  const r = Router();
  r.post('/', async (req, res) => {
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
  return r;
}

/** PUT /api/friend-requests/{id}/accept|reject and DELETE /api/friend-requests/{id}. */
export function friendRequestsRouter({ clients }: SocialDeps): Router {
  const r = Router();
  for (const action of ['accept', 'reject'] as const) {
    r.put(`/:id/${action}`, async (req, res) => {
      requireActor(res);
      const { id } = parse(idParams, req.params);
      const actor = requireSelf(res, parse(ownUserIdBody, req.body).userId);
      const call = action === 'accept' ? clients.social.acceptFriendRequest : clients.social.rejectFriendRequest;
      const { request } = await call({ id }, { actor });
      res.json(requestJson(request!));
    });
  }

  // The sender takes back a pending request (social checks it is theirs and still pending).
  r.delete('/:id', async (req, res) => {
    const actor = requireActor(res);
    const { id } = parse(idParams, req.params);
    await clients.social.cancelFriendRequest({ id }, { actor });
    res.json({ success: true });
  });
  return r;
}
