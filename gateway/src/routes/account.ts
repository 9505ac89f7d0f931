import { Router } from 'express';
import type { Clock } from '@mzansi/kit/base';
import { DeleteAccountBody, UserIdParams } from '@mzansi/api';
import type { Clients } from '../clients.js';
import type { Config } from '../config.js';
import { badRequest, forbidden, parse } from '../errors.js';
import { exportDocument, exportFilename, fetchExportParts } from '../export.js';
import { send } from '../respond.js';
import { requireActor, requireSelf, signOut } from '../session.js';
import type { UserSessions } from '../user-sessions.js';

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Please enter your password to delete your account',
  notYours: 'You can only delete your own account',
} as const;

export interface AccountDeps {
  config: Config;
  clients: Clients;
  userSessions: UserSessions;
  clock: Clock;
}

/** "Download my data" and "Delete my account" (PRODUCT.md "Privacy"): GET /api/users/{id}/export, DELETE /api/users/{id}. */
export function accountRoutes(r: Router, { config, clients, userSessions, clock }: AccountDeps): void {

  // Self only, admins included: an export is for the person it is about.
  r.get('/:id/export', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const parts = await fetchExportParts(clients, actor);
    const now = clock();
    const doc = exportDocument(parts, { publicUrl: config.PUBLIC_URL, now });
    res.set('Content-Disposition', `attachment; filename="${exportFilename(doc.profile.username, now)}"`);
    res.type('application/json').send(JSON.stringify(doc, null, 2));
  });

  // Self with the password, or an admin for anyone else (identity decides and checks; the admin path is the audited
  // one, `byAdmin` in its answer). Then every session of the account ends at once, on every gateway.
  r.delete('/:id', async (req, res) => {
    const actor = requireActor(res);
    const { id } = parse(UserIdParams, req.params);
    const self = id === actor.id;
    if (!self && !actor.isAdmin) throw forbidden(ACCOUNT_MESSAGES.notYours);
    const { password } = parse(DeleteAccountBody, req.body);
    if (self && !password) throw badRequest(ACCOUNT_MESSAGES.passwordRequired, 'deleteAccountPasswordRequired');
    await clients.identity.deleteUser({ id, password: self ? password! : '' }, { actor });
    await userSessions.endUserSessions(id, { userGone: true });
    // This request's own session object must not be saved back at the end of the response either.
    if (self) await signOut(req, res, config);
    send(res, 'DELETE /api/users/{id}', 200, { success: true });
  });

}
