import type { User } from '@mzansi/api';

/** The signed-in user as the gateway returns it (never includes the password). */
export type { User };

export interface LoginInput {
  username: string;
  password: string;
  /** A solved ALTCHA challenge, when the gateway asked for one (429 `challengeRequired`). */
  altcha?: string;
}

export interface SignupInput extends LoginInput {
  name: string;
  /** POPIA consent: the unticked box on the form; the gateway refuses a signup without `true`. */
  consent: boolean;
}
