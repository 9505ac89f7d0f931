import { Router } from 'express';
import { NotificationsBody, ProfileBody, UserIdParams } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { send } from '../respond.js';
import { requireActor, requireSelf } from '../session.js';
import { userJson } from '../users.js';

export function userSettingsRoutes(r: Router, { clients }: { clients: Clients }): void {

  r.put('/:id/notifications', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const body = parse(NotificationsBody, req.body);
    const { user } = await clients.identity.updateUser(body, { actor });
    send(res, 'PUT /api/users/{id}/notifications', 200, userJson(user!));
  });

  r.patch('/:id', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const body = parse(ProfileBody, req.body);
    const { user } = await clients.identity.updateUser(
      {
        name: body.name,
        email: body.email === undefined ? undefined : (body.email ?? ''),
        phoneNumber: body.phoneNumber === undefined ? undefined : (body.phoneNumber ?? ''),
        emailNotifications: body.emailNotifications,
        browserNotifications: body.browserNotifications,
        whatsappNotifications: body.whatsappNotifications,
        province: body.province === undefined ? undefined : (body.province ?? ''),
        language: body.language === undefined ? undefined : (body.language ?? ''),
        profilePromptDone: body.profilePromptDone,
      },
      { actor },
    );
    send(res, 'PATCH /api/users/{id}', 200, userJson(user!));
  });

}
