import { Router } from 'express';
import type { social } from '@mzansi/proto';
import { FriendshipBody, IdParams, OwnUserIdBody, SearchQuery, type FriendRequest } from '@mzansi/api';
import type { PublicCache } from '../cache.js';
import type { Clients } from '../clients.js';
import type { Composer } from '../compose.js';
import { badRequest, parse } from '../errors.js';
import type { RateLimits } from '../rate-limit.js';
import { refuseIfSuspended, suspensionsOf } from '../suspension.js';
import { send } from '../respond.js';
import { requireActor, requireSelf } from '../session.js';
import { personJson } from '../users.js';

export interface SocialDeps {
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
  rateLimits: RateLimits;
}

function requestJson(r: social.FriendRequest): FriendRequest {
  return { id: r.id, createdAt: r.createdAt?.toISOString() ?? null, status: r.status, requester: personJson(r.requester), receiver: personJson(r.receiver) };
}

/** /api/users/search, /api/users/{id}/friends, /friend-requests, /sent-requests. */
export function peopleRoutes(r: Router, { clients }: SocialDeps): void {
  r.get('/search', async (req, res) => {
    const actor = requireActor(res);
    const { q } = parse(SearchQuery, req.query);
    if (q === '_all') {
      // Both in one go: the suspensions in force come in one call for everyone, never one per person.
      const [{ users }, suspended] = await Promise.all([clients.identity.listUsers({}, { actor }), suspensionsOf(clients, actor, [])]);
      send(
        res,
        'GET /api/users/search',
        200,
        users.map((u) => ({
          id: u.id,
          username: u.username,
          name: u.name,
          isAdmin: u.isAdmin,
          joinDate: u.joinDate?.toISOString() ?? null,
          emailVerified: u.emailVerified,
          suspension: suspended.get(u.id) ?? null,
        })),
      );
      return;
    }
    if (q.trim().length < 2) throw badRequest('Type at least 2 characters to search', 'socialSearchShort');
    const { people } = await clients.social.searchPeople({ query: q, limit: 20 }, { actor });
    send(res, 'GET /api/users/search', 200, people.flatMap((p) => personJson(p) ?? []));
  });

  r.get('/:id/friends', async (req, res) => {
    requireActor(res);
    const { id } = parse(IdParams, req.params);
    const actor = requireSelf(res, id, { adminMayRead: true });
    const { friends } = await clients.social.listFriends({ userId: id }, { actor });
    send(res, 'GET /api/users/{id}/friends', 200, { friends: friends.map(personJson) });
  });

  // Admins may read any user's requests (PRODUCT.md); social checks it again.
  r.get('/:id/friend-requests', async (req, res) => {
    requireActor(res);
    const { id } = parse(IdParams, req.params);
    const actor = requireSelf(res, id, { adminMayRead: true });
    const { requests } = await clients.social.listIncomingRequests({ userId: id }, { actor });
    send(res, 'GET /api/users/{id}/friend-requests', 200, requests.map(requestJson));
  });

  r.get('/:id/sent-requests', async (req, res) => {
    requireActor(res);
    const { id } = parse(IdParams, req.params);
    const actor = requireSelf(res, id, { adminMayRead: true });
    const { requests } = await clients.social.listSentRequests({ userId: id }, { actor });
    send(res, 'GET /api/users/{id}/sent-requests', 200, requests.map(requestJson));
  });

}

/** POST /api/friendships: a friend request by id or username (friends at once when they had asked too). */
export function friendshipsRouter({ clients }: SocialDeps): Router {
  const r = Router();
  r.post('/', async (req, res) => {
    requireActor(res);
    const body = parse(FriendshipBody, req.body);
    const actor = requireSelf(res, body.userId);
    await refuseIfSuspended(clients, actor);
    const { request, becameFriends } = await clients.social.sendFriendRequest(
      { friendId: body.friendId ?? '', friendUsername: body.friendId ? '' : (body.friendUsername ?? '') },
      { actor },
    );
    send(res, 'POST /api/friendships', 201, {
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
      const { id } = parse(IdParams, req.params);
      const actor = requireSelf(res, parse(OwnUserIdBody, req.body).userId);
      const call = action === 'accept' ? clients.social.acceptFriendRequest : clients.social.rejectFriendRequest;
      const { request } = await call({ id }, { actor });
      if (action === 'accept') send(res, 'PUT /api/friend-requests/{id}/accept', 200, requestJson(request!));
      else send(res, 'PUT /api/friend-requests/{id}/reject', 200, requestJson(request!));
    });
  }

  // The sender takes back a pending request (social checks it is theirs and still pending).
  r.delete('/:id', async (req, res) => {
    const actor = requireActor(res);
    const { id } = parse(IdParams, req.params);
    await clients.social.cancelFriendRequest({ id }, { actor });
    send(res, 'DELETE /api/friend-requests/{id}', 200, { success: true });
  });
  return r;
}
