import type { identity, social } from '@mzansi/proto';

/** The user as the web app sees it (spec §3 User). */
export interface UserJson {
  id: string;
  username: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  joinDate: string | null;
  isAdmin: boolean;
  emailNotifications: boolean;
  browserNotifications: boolean;
  whatsappNotifications: boolean;
  /** The current address was confirmed through its verification link (mail goes only to verified addresses). */
  emailVerified: boolean;
  /** The privacy notice accepted at signup (null for accounts from before consent was asked). */
  privacyConsent: { noticeVersion: string; acceptedAt: string | null } | null;
  /** Province code (EC, FS, GP, KZN, LP, MP, NC, NW, WC), null when not given. */
  province: string | null;
  /** The interface language chosen (en, zu, af, st), null when never chosen: the app switches to it on sign-in. */
  language: string | null;
}

export function userJson(u: identity.User): UserJson {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email || null,
    phoneNumber: u.phoneNumber || null,
    joinDate: u.joinDate ? u.joinDate.toISOString() : null,
    isAdmin: u.isAdmin,
    emailNotifications: u.emailNotifications,
    browserNotifications: u.browserNotifications,
    whatsappNotifications: u.whatsappNotifications,
    emailVerified: u.emailVerified,
    privacyConsent: u.privacyNoticeVersion ? { noticeVersion: u.privacyNoticeVersion, acceptedAt: u.privacyConsentAt?.toISOString() ?? null } : null,
    province: u.province || null,
    language: u.language || null,
  };
}

/** What other users may see of someone (search results, friends, comments). */
export function publicUserJson(u: identity.User) {
  return { id: u.id, username: u.username, name: u.name, isAdmin: u.isAdmin };
}

/** A person as social sends them (friends, requests, comments' authors): what other users may see. */
export function personJson(p: social.Person | undefined) {
  return p ? { id: p.id, username: p.username, name: p.name, isAdmin: p.isAdmin } : null;
}
