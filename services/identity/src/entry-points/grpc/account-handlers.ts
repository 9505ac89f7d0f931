import { AppError, audited, auditDeps, auditUserTarget, conflict, enqueueEvent, forbidden, forgetEventsAbout, invalid, isUuid, notFound, systemClock, type Clock, unaryService } from '@mzansi/kit';
import type { IdentityServiceServer } from '@mzansi/proto/identity/v1/identity';
import * as repo from '../../data-access/users-repo.js';
import { identityAuditWriter } from '../../data-access/audit-repo.js';
import { DELETE_MESSAGES as M, deletionMode, isConfiguredAdmin } from '../../domain/deletion.js';
import type { LoginThrottle } from '../../domain/login-throttle.js';
import { THROTTLED_MESSAGE } from '../../domain/login-throttle.js';
import { verifyPassword } from '../../domain/passwords.js';
import { toUser } from './common.js';
import type { IdentityContext } from '../../context.js';
import type { IdentityTx } from '../../context.js';

type Ctx = IdentityContext;
type IdentityHandlers = Parameters<typeof unaryService<IdentityServiceServer>>[1];

/** The per-username password-check brake Login uses: deleting with a password must not be a way around it. */
export interface PasswordGuard {
  throttle: LoginThrottle;
  checks: { inc(): void };
}

/**
 * Removes the account and announces it, in one transaction: the users row (the username is free at once), the
 * rows that hang off it, identity's outbox rows that still carry the user's profile, and `identity.user.deleted`
 * for every other service to erase what it holds (its outbox row is dropped as soon as it is published). False
 * when there was no such account (a concurrent deletion won).
 */
export async function eraseAccount(tx: IdentityTx, userId: string, at: Date): Promise<boolean> {
  if (!(await repo.deleteUser(tx, userId))) return false;
  await forgetEventsAbout(tx, userId);
  await enqueueEvent(tx, 'identity.user.deleted', { userId, deletedAt: at }, { occurredAt: at });
  return true;
}

/** DeleteUser and ExportUserData: the "delete my account" and "download my data" rights, identity's part. */
export function accountHandlers(
  ctx: Ctx,
  guard: PasswordGuard,
  clock: Clock = systemClock,
): Pick<IdentityHandlers, 'deleteUser' | 'exportUserData'> {
  return {
    async deleteUser(req, call) {
      const actor = call.requireActor();
      const id = req.id.trim().toLowerCase();
      const mode = deletionMode(actor, id);
      if (mode === 'self' && !req.password) throw invalid(M.passwordRequired);
      if (mode === 'admin') {
        // An admin deleting someone is an admin action: audited as user.delete in the erasure's own transaction,
        // refusals as failures. The target is a hash of the id (kit/audit.ts), so the log keeps no erased id.
        await audited(
          auditDeps(ctx, identityAuditWriter, clock),
          { actorId: actor.id, action: 'user.delete', target: { targetType: 'user', targetId: auditUserTarget(id) } },
          async (tx) => {
            const target = isUuid(id) ? await repo.findById(tx, id) : undefined;
            if (!target) throw notFound(M.notFound);
            if (isConfiguredAdmin(target.username, ctx.config.ADMIN_USERNAME)) throw conflict(M.configuredAdmin);
            if (!(await eraseAccount(tx, target.id, clock()))) throw notFound(M.notFound);
          },
        );
        ctx.logger.info({ byAdmin: true }, 'account deleted');
        return { byAdmin: true };
      }
      const row = isUuid(id) ? await repo.findById(ctx.db, id) : undefined;
      if (!row) throw notFound(M.notFound);
      if (isConfiguredAdmin(row.username, ctx.config.ADMIN_USERNAME)) throw conflict(M.configuredAdmin);
      if (!guard.throttle.take(row.username)) throw new AppError('RESOURCE_EXHAUSTED', THROTTLED_MESSAGE);
      guard.checks.inc();
      if (!(await verifyPassword(row.passwordHash, req.password.slice(0, 1024)))) throw forbidden(M.badPassword);
      const deleted = await ctx.transaction((tx) => eraseAccount(tx, row.id, clock()));
      if (!deleted) throw notFound(M.notFound);
      ctx.logger.info({ byAdmin: false }, 'account deleted');
      return { byAdmin: false };
    },

    async exportUserData(_req, call) {
      const actor = call.requireActor();
      const row = await repo.findById(ctx.db, actor.id);
      if (!row) throw notFound(M.notFound);
      return { user: toUser(row), updatedAt: row.updatedAt };
    },
  };
}
