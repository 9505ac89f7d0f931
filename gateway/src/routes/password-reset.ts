import type { Router } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '@mzansi/kit/base';
import { PasswordResetBody, PasswordResetConfirmBody, UserIdParams } from '@mzansi/api';
import type { Clients } from '../clients.js';
import type { Config } from '../config.js';
import { parse } from '../errors.js';
import type { RateLimits } from '../rate-limit.js';
import { send } from '../respond.js';
import { requireAdmin, setSignedInHint, signIn } from '../session.js';
import type { UserSessions } from '../user-sessions.js';
import { userJson } from '../users.js';
import { pageLanguage } from '../web.js';

/** The one answer to every reset request (the web shows the same words in the reader's language). */
export const RESET_REQUESTED_MESSAGE =
  'If the account has a verified e-mail address, we have sent a link to it. The link works once, for 30 minutes. No verified address? Sign in and add one in your profile.';

export interface PasswordResetDeps {
  config: Config;
  clients: Clients;
  rateLimits: RateLimits;
  clock: Clock;
  userSessions: UserSessions;
}

/** POST /api/auth/password-reset and /password-reset/confirm (no session needed). */
export function passwordResetRoutes(r: Router, { config, clients, rateLimits, clock, userSessions }: PasswordResetDeps): void {
  r.post('/password-reset', async (req, res) => {
    const body = parse(PasswordResetBody, req.body, 'Please enter your username', 'loginRequired');
    const started = performance.now();
    try {
      // The address's budget is spent whatever the username, before identity looks it up.
      const withinBudget = await rateLimits.admitPasswordReset(req.ip ?? '');
      await clients.identity.requestPasswordReset({
        username: body.username,
        language: body.language || pageLanguage(req),
        addressLimited: !withinBudget,
      });
    } finally {
      // Every answer, sent or not, account or not, takes at least this long.
      const left = config.PASSWORD_RESET_ANSWER_MS - (performance.now() - started);
      if (left > 0) await sleep(left);
    }
    res.set('Cache-Control', 'no-store');
    send(res, 'POST /api/auth/password-reset', 200, { success: true, message: RESET_REQUESTED_MESSAGE });
  });

  r.post('/password-reset/confirm', async (req, res) => {
    const body = parse(PasswordResetConfirmBody, req.body, 'This password reset link is not valid. Please ask for a new one.', 'resetInvalidLink');
    const { user } = await clients.identity.resetPassword({ token: body.token, newPassword: body.password });
    // Whoever held a session of the account (a thief included) is signed out on every gateway; then this browser
    // signs in afresh: the link proved the mailbox, as a password would.
    await userSessions.endUserSessions(user!.id);
    await rateLimits.loginSucceeded(user!.username, req.ip ?? '');
    await signIn(req, user!, clock, userSessions);
    setSignedInHint(res, config);
    send(res, 'POST /api/auth/password-reset/confirm', 200, userJson(user!));
  });
}

/** POST /api/admin/users/{id}/password-reset (admins only: mounted behind `adminOnly`). */
export function adminPasswordResetRoutes(r: Router, { clients }: { clients: Clients }): void {
  r.post('/users/:id/password-reset', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(UserIdParams, req.params);
    const { email } = await clients.identity.sendPasswordReset({ userId: id }, { actor });
    send(res, 'POST /api/admin/users/{id}/password-reset', 200, { success: true, email, message: `We sent a password reset link to ${email}.` });
  });
}
