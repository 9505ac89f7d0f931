import express, { Router } from 'express';
import { grpc, isGrpcError, type Actor } from '@mzansi/kit/base';
import { UnsubscribeKind } from '@mzansi/proto/notification/v1/notification';
import { AuditQuery, PasswordBody, UserIdParams } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { HttpError, parse } from '../errors.js';
import { send } from '../respond.js';
import { requireAdmin, requireSelf } from '../session.js';
import type { UserSessions } from '../user-sessions.js';

/** Password change and "send the verification mail again" (self only). */
export function passwordRoutes(r: Router, { clients, userSessions }: { clients: Clients; userSessions: UserSessions }): void {

  r.post('/:id/password', async (req, res) => {
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const body = parse(PasswordBody, req.body);
    await clients.identity.changePassword({ currentPassword: body.currentPassword, newPassword: body.newPassword }, { actor });
    // Whoever else holds a session (a lost phone, a shared computer) is signed out; this browser stays signed in.
    const ended = await userSessions.endUserSessions(actor.id, { exceptSid: req.sessionID });
    send(res, 'POST /api/users/{id}/password', 200, { success: true, otherSessionsEnded: ended, message: 'Password changed. Every other session is signed out.' });
  });

  r.post('/:id/email-verification', async (req, res) => {
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const { email } = await clients.identity.resendEmailVerification({}, { actor });
    send(res, 'POST /api/users/{id}/email-verification', 200, { success: true, email, message: `We sent a new link to ${email}.` });
  });

}

/**
 * One-click unsubscribe (RFC 8058), mounted before the CSRF guard: a mail provider POSTs
 * `List-Unsubscribe=One-Click` (form-encoded or multipart, from its own servers, no cookie, no Origin) to the URL in
 * List-Unsubscribe; the web page posts JSON `{token}`. The signed token is the whole authority, so there is nothing
 * for a forged cross-site request to borrow. A GET (someone opening the header's link) goes to the page that asks.
 */
export function unsubscribeRouter({ clients }: { clients: Clients }): Router {
  const r = Router();
  const tokenOf = (req: express.Request): string | undefined => {
    const q = typeof req.query.token === 'string' ? req.query.token : undefined;
    const b = req.body && typeof req.body === 'object' && typeof (req.body as { token?: unknown }).token === 'string' ? (req.body as { token: string }).token : undefined;
    const token = (q ?? b ?? '').trim();
    return token && token.length <= 200 ? token : undefined;
  };

  r.get('/', (req, res) => {
    const token = tokenOf(req);
    res.set('Cache-Control', 'no-store').redirect(303, token ? `/unsubscribe?token=${encodeURIComponent(token)}` : '/unsubscribe');
  });

  r.post('/', express.json({ limit: '2kb' }), express.urlencoded({ extended: false, limit: '2kb' }), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const token = tokenOf(req);
    if (!token) throw new HttpError(400, 'This unsubscribe link is not valid', {}, 'mailBadUnsubscribe');
    const out = await clients.notification.redeemUnsubscribe({ token });
    if (out.kind === UnsubscribeKind.UNSUBSCRIBE_KIND_NOTIFICATIONS) {
      // The preference lives in identity: turned off there as the user themself would (the link speaks for them),
      // so the profile shows it off and identity's next user.updated agrees with notification.
      const actor: Actor = { id: out.userId, isAdmin: false };
      await clients.identity.updateUser({ emailNotifications: false }, { actor }).catch((err: unknown) => {
        if (!(isGrpcError(err) && err.code === grpc.status.NOT_FOUND)) throw err; // an erased account has nothing to turn off
      });
      send(res, 'POST /api/unsubscribe', 200, { success: true, kind: 'notifications', message: 'You will no longer get question e-mails. You can turn them back on in your profile.' });
      return;
    }
    send(res, 'POST /api/unsubscribe', 200, { success: true, kind: 'newsletter', message: 'You are unsubscribed from the newsletter.' });
  });

  return r;
}

/** GET /api/admin/audit?page=: the audit log, newest first, 50 a page (admin only). */
export function auditRoutes(r: Router, { clients }: { clients: Clients }): void {
  r.get('/audit', async (req, res) => {
    const actor = requireAdmin(res);
    const { page } = parse(AuditQuery, req.query, 'page must be a whole number from 1');
    const out = await clients.identity.listAuditLog({ page, pageSize: 50 }, { actor });
    send(res, 'GET /api/admin/audit', 200, {
      page: out.page,
      pageSize: out.pageSize,
      total: Number(out.total),
      entries: out.entries.map((e) => ({
        id: e.id,
        at: e.occurredAt?.toISOString() ?? null,
        actor: { id: e.actorId, username: e.actorUsername || null, name: e.actorName || null },
        action: e.action,
        target: { type: e.targetType, id: e.targetId, label: e.targetLabel || null },
        outcome: e.outcome,
        detail: e.detail || null,
        source: e.source,
      })),
    });
  });
}
