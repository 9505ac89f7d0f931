import type { Person, User } from '@mzansi/api';
import type { identity, social } from '@mzansi/proto';

/** The user as the web app sees them (spec §3 User). */
export function userJson(u: identity.User): User {
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
    language: (u.language || null) as User['language'],
    nameReplacedReason: u.nameReplacedReason || null,
    profilePromptDone: u.profilePromptDone,
  };
}

/** What other users may see of someone (search results, friends, comments). */
export function publicUserJson(u: identity.User): Person {
  return { id: u.id, username: u.username, name: u.name, isAdmin: u.isAdmin };
}

/** A person as social sends them (friends, requests, comments' authors): what other users may see. */
export function personJson(p: social.Person | undefined): Person | null {
  return p ? { id: p.id, username: p.username, name: p.name, isAdmin: p.isAdmin } : null;
}
