import { randomUUID } from 'node:crypto';
import { invalid, notFound, systemClock, unaryService, type Clock, codedMessages } from '@mzansi/kit';
import { UnsubscribeKind, type NotificationServiceServer } from '@mzansi/proto/notification/v1/notification';
import * as mailRepo from '../../data-access/mail-repo.js';
import * as repo from '../../data-access/notification-repo.js';
import { verifyMailToken } from '../../domain/mail-tokens.js';
import { pushLanguage } from '../../domain/push-text.js';
import { validateNewsletter } from '../../domain/subscriptions.js';
import type { NotificationContext } from '../../context.js';

type Ctx = NotificationContext;
type Handlers = Parameters<typeof unaryService<NotificationServiceServer>>[1];

export const MAIL_MESSAGES = codedMessages('mail', {
  badUnsubscribe: 'This unsubscribe link is not valid',
  badConfirm: 'This confirmation link is not valid or the subscription has expired',
} as const);

/** A repeat signup of an unconfirmed address resends the confirmation mail at most this often. */
const CONFIRMATION_RESEND_MS = 3600_000;

/**
 * The newsletter's double opt-in, and one-click unsubscribe (RFC 8058) from notification mails and the newsletter.
 * Redeeming and confirming need no actor: the signed token in the link is the proof.
 */
export function mailHandlers(
  ctx: Ctx,
  deps: { kick: () => void; clock?: Clock },
): Pick<Handlers, 'subscribeNewsletter' | 'redeemUnsubscribe' | 'confirmNewsletter'> {
  const clock = deps.clock ?? systemClock;
  return {
    async subscribeNewsletter(req) {
      const input = validateNewsletter({ email: req.email, name: req.name, source: req.source });
      const now = clock();
      const { row, created, queued } = await ctx.transaction(async (tx) => {
        const { row, created } = await repo.subscribeNewsletter(tx, input);
        // An address nobody has confirmed gets one confirmation mail (again at most hourly), and nothing else. The
        // claim runs for every address (it refuses confirmed ones itself): the same statements, new or known.
        const send = await mailRepo.claimConfirmationMail(tx, row.id, now, new Date(now.getTime() - CONFIRMATION_RESEND_MS));
        if (send) {
          await mailRepo.insertMailJob(tx, randomUUID(), 'newsletter-confirmation', {
            target: row.id,
            email: row.email,
            name: row.name,
            token: row.id,
            language: pushLanguage(req.language),
          });
        }
        return { row, created, queued: send };
      });
      if (queued) deps.kick();
      return { email: row.email, alreadySubscribed: !created, source: row.source, subscribedAt: row.createdAt, confirmed: !!row.confirmedAt };
    },

    async redeemUnsubscribe(req) {
      const token = verifyMailToken(ctx.config.INTERNAL_AUTH_KEYS, req.token.trim());
      if (!token || token.kind === 'confirm-newsletter') throw invalid(MAIL_MESSAGES.badUnsubscribe);
      if (token.kind === 'newsletter') {
        // Idempotent: a second click (or a subscription already gone) is still "unsubscribed".
        await mailRepo.deleteNewsletter(ctx.db, token.id);
        return { kind: UnsubscribeKind.UNSUBSCRIBE_KIND_NEWSLETTER, userId: '' };
      }
      await mailRepo.unsubscribeContact(ctx.db, token.id);
      return { kind: UnsubscribeKind.UNSUBSCRIBE_KIND_NOTIFICATIONS, userId: token.id };
    },

    async confirmNewsletter(req) {
      const token = verifyMailToken(ctx.config.INTERNAL_AUTH_KEYS, req.token.trim());
      if (!token || token.kind !== 'confirm-newsletter') throw invalid(MAIL_MESSAGES.badConfirm);
      const row = await mailRepo.confirmNewsletter(ctx.db, token.id, clock());
      if (!row) throw notFound(MAIL_MESSAGES.badConfirm);
      return { email: row.email };
    },
  };
}
