import { invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';
import { isProvince, PROVINCE_MESSAGE } from '@mzansi/kit/provinces';
import { normaliseName } from '@mzansi/kit/text';
import { parsePhone } from './phone.js';

/** Rules for accounts (PRODUCT.md). No transport or storage here. */

export const USERNAME_RE = /^[A-Za-z0-9_]{3,30}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const SEARCH_MIN = 2;

export const MESSAGES = codedMessages('user', {
  required: 'Please fill in all required fields',
  username: 'Username must be 3–30 letters, digits or underscores',
  passwordShort: 'Password must be at least 8 characters',
  passwordLong: 'Password must be at most 256 characters',
  nameLong: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number, like 082 555 1234 or +27 82 555 1234',
  whatsappPhone: 'Add your phone number to get WhatsApp alerts',
  taken: 'Username already taken',
  badLogin: 'Invalid username or password',
  searchShort: 'Type at least 2 characters to search',
  consent: 'Please accept the privacy notice to continue',
  language: 'Please choose one of the four languages',
} as const);

/** A privacy notice version as the gateway names it, e.g. `1.0` or `2026-05`. */
const NOTICE_VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z.-]{0,31}$/;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export interface SignUpInput {
  username: string;
  password: string;
  name: string;
  email: string;
  phoneNumber: string;
  /** POPIA: political opinions are special personal information, so nobody signs up without explicit consent. */
  consent: boolean;
  privacyNoticeVersion: string;
  /** Optional province code; empty = not given. */
  province?: string;
  /** The signup page's language (LANGUAGES): the verification mail's; empty = English. */
  language?: string;
}

export interface NewUser {
  username: string;
  password: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  /** The accepted notice's version; its time is the signup's (stored by the caller with its clock). */
  privacyNoticeVersion: string;
  province: string | null;
  /** The verification mail's language (not stored on the profile). */
  language: string | null;
}

/** The interface's languages (web/src/i18n): English, isiZulu, Afrikaans, Sesotho. */
export const LANGUAGES = ['en', 'zu', 'af', 'st'] as const;

/** A language code (LANGUAGES) or null for empty; anything else is refused. */
export function validateLanguage(raw: string): string | null {
  const code = raw.trim().toLowerCase();
  if (!code) return null;
  if (!(LANGUAGES as readonly string[]).includes(code)) throw invalid(MESSAGES.language);
  return code;
}

/** A province code (kit PROVINCES) or null for empty; anything else is refused. */
export function validateProvince(raw: string | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  if (!code) return null;
  if (!isProvince(code)) throw invalid(PROVINCE_MESSAGE);
  return code;
}

export function validateEmail(raw: string): string | null {
  const email = raw.trim();
  if (!email) return null;
  if (email.length > 254 || !EMAIL_RE.test(email)) throw invalid(MESSAGES.email);
  return email;
}

/** A phone number in E.164 (domain/phone.ts), or null for empty; what cannot be read is refused. */
export function validatePhone(raw: string): string | null {
  if (!raw.trim()) return null;
  const phone = parsePhone(raw);
  if (!phone) throw invalid(MESSAGES.phone);
  return phone;
}

/** WhatsApp alerts go to a phone number: they cannot be on without one. */
export function checkWhatsappPhone(whatsappNotifications: boolean, phoneNumber: string | null): void {
  if (whatsappNotifications && !phoneNumber) throw invalid(MESSAGES.whatsappPhone);
}

export function validatePassword(password: string): void {
  if (password.length < PASSWORD_MIN) throw invalid(MESSAGES.passwordShort);
  if (password.length > PASSWORD_MAX) throw invalid(MESSAGES.passwordLong);
}

/**
 * Checks and normalises a signup. Throws INVALID_ARGUMENT with the message users see. The name is stored
 * NFC-normalised; bidi controls are refused and a name of only invisible characters counts as missing.
 */
export function validateSignUp(input: SignUpInput): NewUser {
  const username = input.username.trim();
  const name = normaliseName(input.name);
  if (!username || !input.password || !name) throw invalid(MESSAGES.required);
  if (!USERNAME_RE.test(username)) throw invalid(MESSAGES.username);
  validatePassword(input.password);
  if (name.length > NAME_MAX) throw invalid(MESSAGES.nameLong);
  const email = validateEmail(input.email);
  const phoneNumber = validatePhone(input.phoneNumber);
  // A consent without a recognisable notice version would not say what was agreed to.
  if (!input.consent || !NOTICE_VERSION_RE.test(input.privacyNoticeVersion)) throw invalid(MESSAGES.consent);
  const province = validateProvince(input.province);
  const language = validateLanguage(input.language ?? '');
  return { username, password: input.password, name, email, phoneNumber, privacyNoticeVersion: input.privacyNoticeVersion, province, language };
}

/** Normalises a search query; throws when it is too short to search. */
export function searchTerm(raw: string): string {
  const q = raw.trim().toLowerCase();
  if (q.length < SEARCH_MIN) throw invalid(MESSAGES.searchShort);
  return q.slice(0, 30);
}
