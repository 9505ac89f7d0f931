import type { Router } from 'express';
import { DisplayNameBody, IdParams, ModerationBody, ReportBody, SuspensionBody, UserIdParams, type ActiveSuspension, type ModerationQueue, type Suspension } from '@mzansi/api';
import type { Actor } from '@mzansi/kit/base';
import type { identity, social } from '@mzansi/proto';
import type { PublicCache } from '../cache.js';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { refusedIfSuspended, refuseIfSuspended, suspensionsOf } from '../suspension.js';
import { send } from '../respond.js';
import { requireActor, requireAdmin } from '../session.js';
import { personJson, userJson } from '../users.js';
import { commentJson } from './comments.js';

function suspensionJson(s: identity.Suspension | undefined, userId: string): Suspension {
  return { userId: s?.userId ?? userId, suspended: !!s?.suspended, until: s?.until?.toISOString() ?? null, reason: s?.reason || null };
}

function itemJson(i: social.ModerationItem, suspended: Map<string, ActiveSuspension>): ModerationQueue['items'][number] {
  const authorId = i.comment?.user?.id;
  return {
    comment: commentJson(i.comment!),
    reports: i.reports.map((r) => ({
      id: r.id,
      reason: r.reason,
      note: r.note,
      status: r.status === 'rejected' || r.status === 'upheld' ? r.status : 'open',
      createdAt: r.createdAt?.toISOString() ?? null,
      reporter: personJson(r.reporter),
      reporterRejected: r.reporterRejected,
    })),
    authorHistory: i.authorHistory.map(commentJson),
    authorReports: i.authorReports,
    authorSuspension: (authorId && suspended.get(authorId)) || null,
  };
}

/** POST /api/comments/{id}/reports (mounted on the comments router). */
export function reportRoutes(r: Router, { clients, cache }: { clients: Clients; cache: PublicCache }): void {
  r.post('/:id/reports', async (req, res) => {
    const actor = requireActor(res);
    const { id } = parse(IdParams, req.params);
    const body = parse(ReportBody, req.body);
    // Identity first (social's copy of the suspensions comes by event, and may be a moment behind), social again.
    await refuseIfSuspended(clients, actor);
    const { reportId, hidden } = await refusedIfSuspended(clients, actor, () =>
      clients.social.reportComment({ commentId: id, reason: body.reason, note: body.note ?? '' }, { actor }),
    );
    // A hidden comment leaves the public lists at once.
    if (hidden) cache.clear();
    send(res, 'POST /api/comments/{id}/reports', 201, { id: reportId, hidden });
  });
}

/** The moderators' routes under /api/admin (behind adminOnly). */
export function adminModerationRoutes(r: Router, { clients, cache }: { clients: Clients; cache: PublicCache }): void {
  r.get('/moderation', async (_req, res) => {
    const actor = requireAdmin(res);
    const { items } = await clients.social.listModerationQueue({}, { actor });
    // Every author's suspension in one call to identity (social's copy may lag behind a lifting by an event).
    const authors = [...new Set(items.flatMap((i) => i.comment?.user?.id ?? []))];
    const suspended = authors.length ? await suspensionsOf(clients, actor, authors) : new Map<string, ActiveSuspension>();
    send(res, 'GET /api/admin/moderation', 200, { items: items.map((i) => itemJson(i, suspended)) });
  });
  r.put('/comments/:id/moderation', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdParams, req.params);
    const body = parse(ModerationBody, req.body);
    const { comment } = await clients.social.moderateComment({ commentId: id, action: body.action, reason: body.reason ?? '' }, { actor });
    cache.clear();
    send(res, 'PUT /api/admin/comments/{id}/moderation', 200, commentJson(comment!));
  });
  r.put('/users/:id/suspension', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(UserIdParams, req.params);
    const body = parse(SuspensionBody, req.body);
    const { suspension } = await clients.identity.setSuspension({ userId: id, days: body.days ?? 0, reason: body.reason }, { actor });
    send(res, 'PUT /api/admin/users/{id}/suspension', 200, suspensionJson(suspension, id));
  });
  r.delete('/users/:id/suspension', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(UserIdParams, req.params);
    const { suspension } = await clients.identity.liftSuspension({ userId: id }, { actor });
    send(res, 'DELETE /api/admin/users/{id}/suspension', 200, suspensionJson(suspension, id));
  });
  r.put('/users/:id/name', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(UserIdParams, req.params);
    const body = parse(DisplayNameBody, req.body);
    const { user } = await clients.identity.replaceDisplayName({ userId: id, name: body.name, reason: body.reason }, { actor });
    cache.clear();
    send(res, 'PUT /api/admin/users/{id}/name', 200, userJson(user!));
  });
}
