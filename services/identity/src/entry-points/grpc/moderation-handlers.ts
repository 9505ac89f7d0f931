import { ADMIN_ONLY, audited, auditDeps, auditUserTarget, enqueueEvent, forbidden, invalid, isUuid, notFound, systemClock, type Actor, type Clock, type unaryService } from '@mzansi/kit';
import type { IdentityServiceServer, Suspension } from '@mzansi/proto/identity/v1/identity';
import { identityAuditWriter } from '../../data-access/audit-repo.js';
import type { UserRow } from '../../data-access/schema.js';
import * as repo from '../../data-access/users-repo.js';
import { isSuspended, MESSAGES, suspensionEnd, validateReason, validateReplacementName } from '../../domain/suspension.js';
import type { IdentityContext, IdentityTx } from '../../context.js';
import { toSnapshot, toUser } from './common.js';

type IdentityHandlers = Parameters<typeof unaryService<IdentityServiceServer>>[1];
type Handlers = Pick<IdentityHandlers, 'setSuspension' | 'liftSuspension' | 'getSuspension' | 'listSuspensions' | 'replaceDisplayName'>;

/** The most ids one ListSuspensions call takes (a page of users or of the moderation queue is far below it). */
const MAX_IDS = 1_000;

const USER_NOT_FOUND = 'User not found';

/** A user's suspension as of `now` (one that has run out reads as none). */
export function suspensionOf(row: UserRow, now: Date): Suspension {
  const on = isSuspended(row, now);
  return { userId: row.id, suspended: on, until: on ? (row.suspendedUntil ?? undefined) : undefined, reason: on ? (row.suspensionReason ?? '') : '' };
}

/** Tells the other services (social's directory keeps names and suspensions) in the same transaction. */
async function announce(tx: IdentityTx, row: UserRow): Promise<UserRow> {
  await enqueueEvent(tx, 'identity.user.updated', { user: toSnapshot(row) });
  return row;
}

const adminOnly = (actor: Actor) => {
  if (!actor.isAdmin) throw forbidden(ADMIN_ONLY);
};

/** Suspensions and display-name replacement: admin actions, each audited with the user as a hash (kit/audit.ts). */
export function moderationHandlers(ctx: IdentityContext, clock: Clock = systemClock): Handlers {
  const deps = auditDeps(ctx, identityAuditWriter, clock);
  const target = (id: string) => ({ targetType: 'user', targetId: auditUserTarget(id) });

  return {
    async setSuspension(req, call) {
      const me = call.requireActor();
      adminOnly(me);
      const row = await audited(deps, { actorId: me.id, action: 'user.suspend', target: target(req.userId) }, async (tx, t) => {
        const reason = validateReason(req.reason);
        const now = clock();
        const until = suspensionEnd(req.days, now);
        const u = isUuid(req.userId) ? await repo.findById(tx, req.userId) : undefined;
        if (!u) throw notFound(USER_NOT_FOUND);
        if (u.id === me.id) throw forbidden(MESSAGES.self);
        if (u.isAdmin) throw forbidden(MESSAGES.admin);
        t.targetLabel = until ? `${req.days} days: ${reason}` : `permanently: ${reason}`;
        // The owner's inbox (notification): what they are told, in the same transaction as the suspension.
        await enqueueEvent(tx, 'identity.user.suspended', { userId: u.id, until: until ?? undefined, reason, at: now }, { occurredAt: now });
        return announce(tx, (await repo.updateUser(tx, u.id, { suspendedAt: now, suspendedUntil: until, suspensionReason: reason }))!);
      });
      return { suspension: suspensionOf(row, clock()) };
    },

    async liftSuspension(req, call) {
      const me = call.requireActor();
      adminOnly(me);
      const row = await audited(deps, { actorId: me.id, action: 'user.unsuspend', target: target(req.userId) }, async (tx) => {
        const u = isUuid(req.userId) ? await repo.findById(tx, req.userId) : undefined;
        if (!u) throw notFound(USER_NOT_FOUND);
        return announce(tx, (await repo.updateUser(tx, u.id, { suspendedAt: null, suspendedUntil: null, suspensionReason: null }))!);
      });
      return { suspension: suspensionOf(row, clock()) };
    },

    async getSuspension(req, call) {
      const me = call.requireActor();
      if (req.userId !== me.id) adminOnly(me);
      const row = isUuid(req.userId) ? await repo.findById(ctx.db, req.userId) : undefined;
      if (!row) throw notFound(USER_NOT_FOUND);
      return { suspension: suspensionOf(row, clock()) };
    },

    async listSuspensions(req, call) {
      adminOnly(call.requireActor());
      if (req.userIds.length > MAX_IDS) throw invalid(`At most ${MAX_IDS} users at once`);
      const ids = req.userIds.length ? [...new Set(req.userIds.filter(isUuid))] : null;
      if (ids?.length === 0) return { suspensions: [] };
      const now = clock();
      const rows = await repo.listSuspended(ctx.db, now, ids);
      return { suspensions: rows.map((row) => suspensionOf(row, now)) };
    },

    async replaceDisplayName(req, call) {
      const me = call.requireActor();
      adminOnly(me);
      // The log keeps the replacement and its reason, never the old name (that was the person's and may be
      // erased with their account).
      const row = await audited(deps, { actorId: me.id, action: 'user.rename', target: target(req.userId) }, async (tx, t) => {
        const name = validateReplacementName(req.name);
        const reason = validateReason(req.reason);
        const u = isUuid(req.userId) ? await repo.findById(tx, req.userId) : undefined;
        if (!u) throw notFound(USER_NOT_FOUND);
        t.targetLabel = reason;
        return announce(tx, (await repo.updateUser(tx, u.id, { name, nameReplacedReason: reason }))!);
      });
      return { user: toUser(row) };
    },
  };
}
