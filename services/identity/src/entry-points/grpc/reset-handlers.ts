import { randomUUID } from 'node:crypto';
import { AppError, audited, auditDeps, auditUserTarget, enqueueEvent, forbidden, invalid, isUuid, notFound, unaryService, type Clock } from '@mzansi/kit';
import { eq, sql } from 'drizzle-orm';
import type { IdentityServiceServer } from '@mzansi/proto/identity/v1/identity';
import { users, type UserRow } from '../../data-access/schema.js';
import * as repo from '../../data-access/users-repo.js';
import * as resets from '../../data-access/password-reset-repo.js';
import { appendAudit, identityAuditWriter } from '../../data-access/audit-repo.js';
import { hashVerificationToken, isTokenShaped, newVerificationToken } from '../../domain/email-verification.js';
import {
  ANONYMOUS_ACTOR,
  REQUEST_DETAIL,
  RESET_MESSAGES as R,
  resetLinkProblem,
  resetMailLanguage,
  resetRequestOutcome,
  resetWindowStart,
  UNKNOWN_ACCOUNT_TARGET,
} from '../../domain/password-reset.js';
import { hashPassword } from '../../domain/passwords.js';
import { validatePassword } from '../../domain/users.js';
import { toUser } from './common.js';
import type { IdentityContext, IdentityQueryable } from '../../context.js';

type Ctx = IdentityContext;
type Handlers = Parameters<typeof unaryService<IdentityServiceServer>>[1];

/** The account, its row locked for the transaction: two requests at once cannot both pass the per-account limit. */
async function lockAccount(tx: IdentityQueryable, by: { username: string } | { id: string }): Promise<UserRow | undefined> {
  const where = 'id' in by ? eq(users.id, by.id) : sql`lower(${users.username}) = ${by.username.toLowerCase()}`;
  const rows = await tx.select().from(users).where(where).limit(1).for('update');
  return rows[0];
}

/** Writes a reset link for the account's verified address and the event that has the notification service mail it. */
async function issueReset(ctx: Ctx, tx: IdentityQueryable, user: UserRow & { email: string }, now: Date, language: string | null): Promise<void> {
  const { token, hash } = newVerificationToken();
  const expiresAt = new Date(now.getTime() + ctx.config.PASSWORD_RESET_TTL_S * 1000);
  await resets.insertReset(tx, { tokenHash: hash, userId: user.id, email: user.email, createdAt: now, expiresAt });
  await enqueueEvent(tx, 'identity.password_reset.requested', {
    userId: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    token,
    expiresAt,
    ...(language ? { language } : {}),
  });
}

/** "Forgot password": asking for a link, using it, and an admin sending one. */
export function resetHandlers(ctx: Ctx, clock: Clock): Pick<Handlers, 'requestPasswordReset' | 'resetPassword' | 'sendPasswordReset'> {
  const perHour = ctx.config.PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR;
  return {
    async requestPasswordReset(req) {
      const username = req.username.trim();
      const now = clock();
      await ctx.transaction(async (tx) => {
        const user = username && username.length <= 30 ? await lockAccount(tx, { username }) : undefined;
        const sentThisHour = user ? await resets.countSince(tx, user.id, resetWindowStart(now)) : 0;
        const outcome = resetRequestOutcome({ account: user, addressLimited: req.addressLimited, sentThisHour, perHour });
        if (outcome === 'sent') await issueReset(ctx, tx, user as UserRow & { email: string }, now, resetMailLanguage(user!.language, req.language));
        // Every request is recorded, whoever asked and whatever happened; the user by the hash of their id.
        await appendAudit(tx, randomUUID(), 'identity', {
          actorId: ANONYMOUS_ACTOR,
          action: 'password.reset.request',
          targetType: 'user',
          targetId: user ? auditUserTarget(user.id) : UNKNOWN_ACCOUNT_TARGET,
          outcome: outcome === 'sent' ? 'success' : 'failure',
          detail: outcome === 'sent' ? '' : REQUEST_DETAIL[outcome],
          occurredAt: now,
        });
      });
      return {};
    },

    async resetPassword(req) {
      if (!isTokenShaped(req.token)) throw invalid(R.invalidLink);
      // The rules first and the slow hash outside the transaction, which holds the link's row lock.
      validatePassword(req.newPassword);
      const passwordHash = await hashPassword(req.newPassword);
      const now = clock();
      let refusedFor: string | undefined;
      try {
        return await ctx.transaction(async (tx) => {
          const link = await resets.findByHash(tx, hashVerificationToken(req.token));
          const user = link ? await lockAccount(tx, { id: link.userId }) : undefined;
          const problem = resetLinkProblem(link, user, now);
          if (problem) {
            refusedFor = user?.id;
            throw invalid(problem);
          }
          const updated = await repo.updateUser(tx, user!.id, { passwordHash });
          // Single use: this link and every other outstanding one of the account.
          await resets.useAllOf(tx, user!.id, now);
          await appendAudit(tx, randomUUID(), 'identity', {
            actorId: ANONYMOUS_ACTOR,
            action: 'password.reset',
            targetType: 'user',
            targetId: auditUserTarget(user!.id),
            outcome: 'success',
            detail: '',
            occurredAt: now,
          });
          return { user: toUser(updated!) };
        });
      } catch (err) {
        // A refused link of a known account is recorded too (a token we never issued names nobody). The actor is
        // nobody signed in, as for requests: the log keeps only the hash of the user's id, so erasure leaves no id.
        if (refusedFor) {
          const detail = err instanceof AppError ? err.message : 'Internal error';
          await appendAudit(ctx.db, randomUUID(), 'identity', {
            actorId: ANONYMOUS_ACTOR,
            action: 'password.reset',
            targetType: 'user',
            targetId: auditUserTarget(refusedFor),
            outcome: 'failure',
            detail,
            occurredAt: now,
          }).catch((e: Error) => ctx.logger.warn({ err: e.message }, 'could not record a refused password reset'));
        }
        throw err;
      }
    },

    async sendPasswordReset(req, call) {
      const actor = call.requireActor();
      if (!actor.isAdmin) throw forbidden('Admin access required');
      const id = req.userId.trim().toLowerCase();
      return audited(
        auditDeps(ctx, identityAuditWriter, clock),
        { actorId: actor.id, action: 'password.reset.send', target: { targetType: 'user', targetId: auditUserTarget(id) } },
        async (tx) => {
          const user = isUuid(id) ? await lockAccount(tx, { id }) : undefined;
          if (!user) throw notFound('User not found');
          if (!user.email || !user.emailVerifiedAt) throw new AppError('FAILED_PRECONDITION', R.noVerifiedEmail);
          const now = clock();
          if ((await resets.countSince(tx, user.id, resetWindowStart(now))) >= perHour) throw new AppError('RESOURCE_EXHAUSTED', R.tooMany);
          await issueReset(ctx, tx, user as UserRow & { email: string }, now, user.language);
          return { email: user.email };
        },
      );
    },
  };
}
