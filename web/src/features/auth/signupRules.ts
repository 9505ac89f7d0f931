// The signup rules the server enforces (PRODUCT.md), checked in the browser first so that every mistake is named
// at once, under its field, and costs no request on a slow connection. The server stays the authority.
import type { MessageKey } from '../../i18n';
import { parsePhone } from './phone';

export const PASSWORD_MIN = 8;
const USERNAME_RE = /^[A-Za-z0-9_]{3,30}$/;

export interface SignupFields {
  username: string;
  password: string;
  name: string;
  consent: boolean;
}

/** What is wrong with each field of a signup (every one at once, as message keys); empty when nothing is. */
export function signupErrors(input: SignupFields): Partial<Record<keyof SignupFields, MessageKey>> {
  const errors: Partial<Record<keyof SignupFields, MessageKey>> = {};
  const username = input.username.trim();
  if (!username) errors.username = 'auth.rule.usernameMissing';
  else if (!USERNAME_RE.test(username)) errors.username = 'auth.rule.username';
  if (!input.password) errors.password = 'auth.rule.passwordMissing';
  else if (input.password.length < PASSWORD_MIN) errors.password = 'auth.rule.passwordShort';
  if (!input.name.trim()) errors.name = 'auth.rule.nameMissing';
  if (!input.consent) errors.consent = 'auth.consentMissing';
  return errors;
}

/** A phone number the server cannot read, or WhatsApp alerts without a number; null when fine. */
export function phoneProblem(phoneNumber: string, whatsappNotifications = false): MessageKey | null {
  const phone = phoneNumber.trim();
  if (phone && !parsePhone(phone)) return 'auth.rule.phone';
  if (whatsappNotifications && !phone) return 'auth.rule.whatsappPhone';
  return null;
}
