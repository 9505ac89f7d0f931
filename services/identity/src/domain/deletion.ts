import type { Actor } from '@mzansi/kit/auth';
import { forbidden } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';

/** Who may delete which account (PRODUCT.md "Privacy"). No transport or storage here. */

export const DELETE_MESSAGES = codedMessages('deleteAccount', {
  passwordRequired: 'Please enter your password to delete your account',
  badPassword: 'Incorrect password',
  notFound: 'User not found',
  notAllowed: 'You can only delete your own account',
  configuredAdmin: 'The configured admin account cannot be deleted',
} as const);

/**
 * `self`: the acting user deletes their own account and must prove it with their password (a session left open on a
 * shared phone must not be enough to erase someone). `admin`: an admin deletes someone else's account, no password;
 * this is the path the admin audit log records. Anyone else: PERMISSION_DENIED.
 */
export function deletionMode(actor: Actor, targetId: string): 'self' | 'admin' {
  if (actor.id.toLowerCase() === targetId.toLowerCase()) return 'self';
  if (actor.isAdmin) return 'admin';
  throw forbidden(DELETE_MESSAGES.notAllowed);
}

/** The admin account comes from configuration and is recreated at every start, so deleting it would mean nothing. */
export function isConfiguredAdmin(username: string, configuredAdmin: string): boolean {
  return username.toLowerCase() === configuredAdmin.toLowerCase();
}
