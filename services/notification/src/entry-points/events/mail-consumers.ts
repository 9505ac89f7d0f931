import type { EventEnvelope } from '@mzansi/kit';
import * as mailRepo from '../../data-access/mail-repo.js';
import { pushLanguage } from '../../domain/push-text.js';
import type { NotificationConsumer } from '../../context.js';

type Handled = 'identity.email_verification.requested' | 'identity.password_reset.requested' | 'identity.user.deleted';

/**
 * A verification mail for a new address, or a password reset link, becomes a one-mail job (the delivery worker sends
 * it). The same durable consumer sees the user's deletion in stream order, and drops such a mail that has not gone
 * out yet.
 */
export function verificationRequestsConsumer(onJob: () => void): NotificationConsumer<Handled> {
  return {
    name: 'notification-on-email-verification',
    types: ['identity.email_verification.requested', 'identity.password_reset.requested', 'identity.user.deleted'],
    async handle(event: EventEnvelope<Handled>, tx) {
      if (event.type === 'identity.user.deleted') {
        const { userId } = (event as EventEnvelope<'identity.user.deleted'>).data;
        if (userId) await mailRepo.forgetMailJobsOf(tx, userId.toLowerCase());
        return;
      }
      if (event.type === 'identity.password_reset.requested') {
        const r = (event as EventEnvelope<'identity.password_reset.requested'>).data;
        if (!r.userId || !r.email.trim() || !r.token) return;
        const created = await mailRepo.insertMailJob(tx, event.id, 'password-reset', {
          target: r.userId,
          userId: r.userId,
          email: r.email.trim(),
          name: r.name,
          username: r.username,
          token: r.token,
          expiresAt: (r.expiresAt ?? new Date()).toISOString(),
          language: pushLanguage(r.language),
        });
        if (created) onJob();
        return;
      }
      const d = (event as EventEnvelope<'identity.email_verification.requested'>).data;
      if (!d.userId || !d.email.trim() || !d.token) return;
      const created = await mailRepo.insertMailJob(tx, event.id, 'email-verification', {
        target: d.userId,
        userId: d.userId,
        email: d.email.trim(),
        name: d.name,
        token: d.token,
        expiresAt: (d.expiresAt ?? new Date()).toISOString(),
        language: pushLanguage(d.language),
      });
      if (created) onJob();
    },
  };
}
