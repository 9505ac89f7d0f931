// The signup rules the server enforces (PRODUCT.md), checked in the browser first so a mistake is named at once
// and costs no request on a slow connection. The server stays the authority.

export const SIGNUP_MESSAGES = {
  username: 'Username must be 3–30 letters, digits or underscores',
  passwordShort: 'Password must be at least 8 characters',
  phone: 'Please enter a valid phone number, including the country code',
  whatsappPhone: 'Add your phone number to get WhatsApp alerts',
} as const;

export const PASSWORD_MIN = 8;
const USERNAME_RE = /^[A-Za-z0-9_]{3,30}$/;

/** The first problem with a signup whose required fields are filled in, or null. */
export function signupProblem(input: { username: string; password: string; phoneNumber: string }): string | null {
  if (!USERNAME_RE.test(input.username.trim())) return SIGNUP_MESSAGES.username;
  if (input.password.length < PASSWORD_MIN) return SIGNUP_MESSAGES.passwordShort;
  return phoneProblem(input.phoneNumber);
}

/** A phone number needs its country code (+27…); WhatsApp alerts need a phone number. */
export function phoneProblem(phoneNumber: string, whatsappNotifications = false): string | null {
  const phone = phoneNumber.trim();
  if (phone && !phone.startsWith('+')) return SIGNUP_MESSAGES.phone;
  if (whatsappNotifications && !phone) return SIGNUP_MESSAGES.whatsappPhone;
  return null;
}
