import { z } from 'zod';
import { Success, TokenBody, UserIdParams } from './common.js';
import { route } from './route.js';
import { EmailMessage, User } from './users.js';

/** POST /api/auth/password-reset: the username (as typed at sign-in) and the page's language for the mail. */
export const PasswordResetBody = z.object({
  username: z.string().trim().min(1).max(200),
  language: z.string().trim().max(10).nullish(),
});

/** The one answer to a reset request, whatever the account (the English text; the web shows its own words). */
export const PasswordResetRequested = Success.extend({ message: z.string() });

/** POST /api/auth/password-reset/confirm: the mailed token and the new password (identity applies the signup rules). */
export const PasswordResetConfirmBody = TokenBody.extend({ password: z.string().max(4096) });

const AUTH = 'Sign-in';

/** Forgot password: ask for a link, use it; an admin sends one. */
export const passwordResetRoutes = {
  'POST /api/auth/password-reset': route({
    tag: AUTH,
    access: 'public',
    summary: 'Forgot password: a single-use link (30 minutes) to the account’s verified address; the same answer for every username',
    body: PasswordResetBody,
    responses: { 200: PasswordResetRequested },
  }),
  'POST /api/auth/password-reset/confirm': route({
    tag: AUTH,
    access: 'public',
    summary: 'Set a new password with the mailed token: every session of the account ends, this browser is signed in',
    body: PasswordResetConfirmBody,
    responses: { 200: User },
  }),
  'POST /api/admin/users/{id}/password-reset': route({
    tag: 'Admin',
    access: 'admin',
    summary: 'Send a user’s verified address a password reset link (audited)',
    params: UserIdParams,
    responses: { 200: EmailMessage },
  }),
} as const;
