// Edit my profile, change my password, e-mail verification, and the mail links that work without signing in
// (docs/api.md: PATCH /api/users/{id}, POST /api/users/{id}/password, /api/auth/verify-email, /api/unsubscribe,
// /api/newsletter/confirm).
import { apiJson } from '../../lib/api';
import type { User } from '../auth/types';

export interface ProfileInput {
  name: string;
  email: string;
  phoneNumber: string;
  /** Province code, '' for none (sent as null). */
  province: string;
}

/** Only what changed goes to the server (an unchanged address keeps its verified state either way). */
export function profileChanges(user: Pick<User, 'name' | 'email' | 'phoneNumber' | 'province'>, form: ProfileInput): Partial<ProfileInput> {
  const out: Partial<ProfileInput> = {};
  if (form.name.trim() !== user.name) out.name = form.name;
  if (form.email.trim() !== (user.email ?? '')) out.email = form.email.trim();
  if (form.phoneNumber.trim() !== (user.phoneNumber ?? '')) out.phoneNumber = form.phoneNumber.trim();
  if (form.province !== (user.province ?? '')) out.province = form.province;
  return out;
}

export const updateProfile = (userId: string, changes: Partial<ProfileInput>) =>
  apiJson<User>('PATCH', `/api/users/${encodeURIComponent(userId)}`, {
    ...changes,
    ...(changes.province !== undefined && { province: changes.province || null }),
  });

export interface PasswordChangeResult {
  success: boolean;
  otherSessionsEnded: number;
  message: string;
}

export const changePassword = (userId: string, currentPassword: string, newPassword: string) =>
  apiJson<PasswordChangeResult>('POST', `/api/users/${encodeURIComponent(userId)}/password`, { currentPassword, newPassword });

export const resendVerification = (userId: string) =>
  apiJson<{ email: string; message: string }>('POST', `/api/users/${encodeURIComponent(userId)}/email-verification`, {});

/** The three pages a mail links to; each posts the token when the person presses its button. */
export type MailLinkKind = 'verify-email' | 'unsubscribe' | 'newsletter-confirm';

const MAIL_LINK_API: Record<MailLinkKind, string> = {
  'verify-email': '/api/auth/verify-email',
  unsubscribe: '/api/unsubscribe',
  'newsletter-confirm': '/api/newsletter/confirm',
};

export const redeemMailLink = (kind: MailLinkKind, token: string) =>
  apiJson<{ success: boolean; message: string; email?: string; kind?: string }>('POST', MAIL_LINK_API[kind], { token });

/** Sets a new password with the token of a reset mail: every session of the account ends, this browser signs in. */
export const confirmPasswordReset = (token: string, password: string) => apiJson<User>('POST', '/api/auth/password-reset/confirm', { token, password });
