import type { events } from '@mzansi/proto';
import type { User } from '@mzansi/proto/identity/v1/identity';
import type { UserRow } from '../../data-access/schema.js';

/** What identity's handler files share (each imports this; none imports another's mappings). */

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email ?? '',
    phoneNumber: row.phoneNumber ?? '',
    joinDate: row.joinDate,
    isAdmin: row.isAdmin,
    emailNotifications: row.emailNotifications,
    browserNotifications: row.browserNotifications,
    whatsappNotifications: row.whatsappNotifications,
    privacyNoticeVersion: row.privacyNoticeVersion ?? '',
    privacyConsentAt: row.privacyConsentAt ?? undefined,
    emailVerified: !!row.email && !!row.emailVerifiedAt,
    province: row.province ?? '',
    language: row.language ?? '',
    nameReplacedReason: row.nameReplacedReason ?? '',
    profilePromptDone: row.profilePromptDoneAt !== null,
  };
}

export function toSnapshot(row: UserRow): events.UserSnapshot {
  const { id, username, name, email, phoneNumber, isAdmin, emailNotifications, browserNotifications, whatsappNotifications, joinDate, emailVerified, province, language } = toUser(row);
  // The suspension as set (social compares its end with its own clock), not as of now.
  const suspension = { suspended: row.suspendedAt !== null, suspendedUntil: (row.suspendedAt && row.suspendedUntil) || undefined };
  return { id, username, name, email, phoneNumber, isAdmin, emailNotifications, browserNotifications, whatsappNotifications, joinDate, emailVerified, province, language, ...suspension };
}
