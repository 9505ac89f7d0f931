/** The signed-in user as the gateway returns it (never includes the password). */
export interface User {
  id: string;
  username: string;
  name: string;
  email?: string | null;
  phoneNumber?: string | null;
  /** Province code (EC … WC), null when not given. */
  province?: string | null;
  /** The interface language chosen (en, zu, af, st), null when never chosen: it follows the user to other devices. */
  language?: string | null;
  joinDate: string;
  isAdmin: boolean;
  emailNotifications?: boolean;
  browserNotifications?: boolean;
  whatsappNotifications?: boolean;
  /** The current e-mail address was confirmed through its link; mail goes only to verified addresses. */
  emailVerified?: boolean;
  /** The privacy notice accepted at signup (POPIA); null for accounts from before consent was asked. */
  privacyConsent?: { noticeVersion: string; acceptedAt: string | null } | null;
}

export interface LoginInput {
  username: string;
  password: string;
  /** A solved ALTCHA challenge, when the gateway asked for one (429 `challengeRequired`). */
  altcha?: string;
}

export interface SignupInput extends LoginInput {
  name: string;
  email: string;
  phoneNumber: string;
  /** Optional province code; '' = not given. */
  province?: string;
  /** POPIA consent: the unticked box on the form; the gateway refuses a signup without `true`. */
  consent: boolean;
}
