/** The signed-in user as the gateway returns it (never includes the password). */
export interface User {
  id: string;
  username: string;
  name: string;
  email?: string | null;
  phoneNumber?: string | null;
  joinDate: string;
  isAdmin: boolean;
  emailNotifications?: boolean;
  browserNotifications?: boolean;
  whatsappNotifications?: boolean;
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
}
