import { Router } from 'express';
import { z } from 'zod';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { uuidAnyCase } from '../params.js';
import { requireActor, requireSelf } from '../session.js';
import { userJson } from '../users.js';

const notificationsBody = z
  .object({
    emailNotifications: z.boolean().optional(),
    browserNotifications: z.boolean().optional(),
    whatsappNotifications: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update');

const profileBody = z
  .object({
    name: z.string().max(300).optional(),
    email: z.string().max(254).nullish(),
    phoneNumber: z.string().max(30).nullish(),
    emailNotifications: z.boolean().optional(),
    browserNotifications: z.boolean().optional(),
    whatsappNotifications: z.boolean().optional(),
    /** A province code, or null to clear it (identity checks it: "Please choose one of the nine provinces"). */
    province: z.string().max(10).nullish(),
    /** An interface language, or null to clear it (identity checks it: "Please choose one of the four languages"). */
    language: z.string().max(10).nullish(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update');

const idParam = z.object({ id: uuidAnyCase('Unknown user') });

export function userSettingsRoutes(r: Router, { clients }: { clients: Clients }): void {

  r.put('/:id/notifications', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(idParam, req.params).id);
    const body = parse(notificationsBody, req.body);
    const { user } = await clients.identity.updateUser(body, { actor });
    res.json(userJson(user!));
  });

  r.patch('/:id', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(idParam, req.params).id);
    const body = parse(profileBody, req.body);
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
      },
      { actor },
    );
    res.json(userJson(user!));
  });

}
