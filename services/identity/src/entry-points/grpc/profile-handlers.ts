import { AppError, enqueueEvent, forbidden, invalid, notFound, unaryService, type Clock, codedMessages } from '@mzansi/kit';
import { normaliseName } from '@mzansi/kit/text';
import type { IdentityServiceServer } from '@mzansi/proto/identity/v1/identity';
import type { UserRow } from '../../data-access/schema.js';
import * as repo from '../../data-access/users-repo.js';
import * as verifications from '../../data-access/verification-repo.js';
import * as audit from '../../data-access/audit-repo.js';
import { auditPage } from '../../domain/audit.js';
import {
  emailChange,
  hashVerificationToken,
  isTokenShaped,
  newVerificationToken,
  sameAddress,
  sendWindowStart,
  VERIFICATION_MESSAGES as V,
} from '../../domain/email-verification.js';
import type { LoginThrottle } from '../../domain/login-throttle.js';
import { THROTTLED_MESSAGE } from '../../domain/login-throttle.js';
import { hashPassword, verifyPassword } from '../../domain/passwords.js';
import { MESSAGES, NAME_MAX, validateEmail, checkWhatsappPhone, validatePassword, validatePhone, validateProvince, validateLanguage } from '../../domain/users.js';
import { toSnapshot, toUser } from './common.js';
import type { IdentityContext } from '../../context.js';
import type { IdentityQueryable } from '../../context.js';

type Ctx = IdentityContext;
type Handlers = Parameters<typeof unaryService<IdentityServiceServer>>[1];

export const PROFILE_MESSAGES = codedMessages('profile', {
  nameRequired: 'Please enter your name',
  wrongPassword: 'Current password is incorrect',
  samePassword: 'The new password must be different from the current one',
} as const);

/**
 * Writes a verification link for the user's current address and the event that has the notification service mail
 * it (in `language`: the profile's unless the caller knows better, e.g. the signup page's), in the caller's transaction. Refuses (RESOURCE_EXHAUSTED) past EMAIL_VERIFICATIONS_PER_HOUR, so that nobody
 * can use the profile to mail strangers over and over.
 */
export async function requestVerification(
  ctx: Ctx,
  tx: IdentityQueryable,
  user: UserRow,
  clock: Clock,
  language: string | null = user.language,
): Promise<void> {
  if (!user.email) return;
  const now = clock();
  if ((await verifications.countSince(tx, user.id, sendWindowStart(now))) >= ctx.config.EMAIL_VERIFICATIONS_PER_HOUR) {
    throw new AppError('RESOURCE_EXHAUSTED', V.tooMany);
  }
  const { token, hash } = newVerificationToken();
  const expiresAt = new Date(now.getTime() + ctx.config.EMAIL_VERIFICATION_TTL_S * 1000);
  await verifications.insertVerification(tx, { tokenHash: hash, userId: user.id, email: user.email, createdAt: now, expiresAt });
  await enqueueEvent(tx, 'identity.email_verification.requested', {
    userId: user.id,
    email: user.email,
    name: user.name,
    token,
    expiresAt,
    ...(language ? { language } : {}),
  });
}

/** Profile editing, password change, e-mail verification and the audit log's read side. */
export function profileHandlers(
  ctx: Ctx,
  clock: Clock,
  throttle: LoginThrottle,
): Pick<Handlers, 'updateUser' | 'changePassword' | 'verifyEmail' | 'resendEmailVerification' | 'listAuditLog'> {
  return {
    async updateUser(req, call) {
      const actor = call.requireActor();
      const patch: Parameters<typeof repo.updateUser>[2] = {};
      if (req.name !== undefined) {
        const name = normaliseName(req.name);
        if (!name) throw invalid(PROFILE_MESSAGES.nameRequired);
        if (name.length > NAME_MAX) throw invalid(MESSAGES.nameLong);
        patch.name = name;
      }
      const email = req.email === undefined ? undefined : validateEmail(req.email);
      if (req.phoneNumber !== undefined) patch.phoneNumber = validatePhone(req.phoneNumber);
      if (req.province !== undefined) patch.province = validateProvince(req.province);
      if (req.language !== undefined) patch.language = validateLanguage(req.language);
      if (req.emailNotifications !== undefined) patch.emailNotifications = req.emailNotifications;
      if (req.browserNotifications !== undefined) patch.browserNotifications = req.browserNotifications;
      if (req.whatsappNotifications !== undefined) patch.whatsappNotifications = req.whatsappNotifications;
      const row = await ctx.transaction(async (tx) => {
        const before = await repo.findById(tx, actor.id);
        if (!before) throw notFound('User not found');
        if (req.profilePromptDone === true && !before.profilePromptDoneAt) patch.profilePromptDoneAt = clock();
        checkWhatsappPhone(
          patch.whatsappNotifications ?? before.whatsappNotifications,
          patch.phoneNumber !== undefined ? patch.phoneNumber : before.phoneNumber,
        );
        // A different address is unverified until its own link is used (domain/email-verification.ts).
        const address = emailChange(email, before.email);
        const updated = await repo.updateUser(tx, actor.id, { ...patch, ...address.patch });
        if (!updated) throw notFound('User not found');
        if (address.changed) await requestVerification(ctx, tx, updated, clock);
        await enqueueEvent(tx, 'identity.user.updated', { user: toSnapshot(updated) });
        return updated;
      });
      return { user: toUser(row) };
    },

    async changePassword(req, call) {
      const actor = call.requireActor();
      const user = await repo.findById(ctx.db, actor.id);
      if (!user) throw notFound('User not found');
      // The same brake as Login: a stolen session must not become an unlimited password oracle.
      if (!throttle.take(user.username)) throw new AppError('RESOURCE_EXHAUSTED', THROTTLED_MESSAGE);
      if (!req.currentPassword || !(await verifyPassword(user.passwordHash, req.currentPassword.slice(0, 1024)))) {
        throw invalid(PROFILE_MESSAGES.wrongPassword);
      }
      throttle.succeeded(user.username);
      validatePassword(req.newPassword);
      if (req.newPassword === req.currentPassword) throw invalid(PROFILE_MESSAGES.samePassword);
      await repo.updateUser(ctx.db, user.id, { passwordHash: await hashPassword(req.newPassword) });
      return {};
    },

    async verifyEmail(req) {
      if (!isTokenShaped(req.token)) throw invalid(V.invalidLink);
      const email = await ctx.transaction(async (tx) => {
        const link = await verifications.findByHash(tx, hashVerificationToken(req.token));
        if (!link || link.expiresAt.getTime() <= clock().getTime()) throw invalid(V.invalidLink);
        const user = await repo.findById(tx, link.userId);
        // The address changed since the mail went out: this link proves nothing about the current one.
        if (!user || !sameAddress(user.email, link.email)) throw invalid(V.invalidLink);
        await verifications.deleteForUser(tx, user.id);
        const updated = await repo.updateUser(tx, user.id, { emailVerifiedAt: user.emailVerifiedAt ?? clock() });
        await enqueueEvent(tx, 'identity.user.updated', { user: toSnapshot(updated!) });
        return updated!.email ?? '';
      });
      return { email };
    },

    async resendEmailVerification(_req, call) {
      const actor = call.requireActor();
      const email = await ctx.transaction(async (tx) => {
        const user = await repo.findById(tx, actor.id);
        if (!user) throw notFound('User not found');
        if (!user.email) throw invalid(V.noEmail);
        if (user.emailVerifiedAt) throw new AppError('FAILED_PRECONDITION', V.alreadyVerified);
        await requestVerification(ctx, tx, user, clock);
        return user.email;
      });
      return { email };
    },

    async listAuditLog(req, call) {
      if (!call.requireActor().isAdmin) throw forbidden('Admin access required');
      const { page, pageSize, offset } = auditPage(req.page, req.pageSize);
      const { rows, total } = await audit.listAudit(ctx.db, offset, pageSize);
      return {
        page,
        pageSize,
        total,
        entries: rows.map(({ entry: e, actorUsername, actorName }) => ({
          id: e.id,
          occurredAt: e.occurredAt,
          actorId: e.actorId,
          actorUsername: actorUsername ?? '',
          actorName: actorName ?? '',
          action: e.action,
          targetType: e.targetType,
          targetId: e.targetId,
          targetLabel: e.targetLabel,
          outcome: e.outcome,
          detail: e.detail,
          source: e.source,
        })),
      };
    },
  };
}
