import { Router } from 'express';
import { z } from 'zod';
import type { Clients } from '../clients.js';
import { badRequest, parse } from '../errors.js';
import { requireActor, requireSelf } from '../session.js';
import { publicUserJson, userJson } from '../users.js';

const searchQuery = z.object({ q: z.string().max(100).default('') });

const notificationsBody = z
  .object({
    emailNotifications: z.boolean().optional(),
    browserNotifications: z.boolean().optional(),
    whatsappNotifications: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update');

const profileBody = z
  .object({
    email: z.string().max(254).nullish(),
    phoneNumber: z.string().max(30).nullish(),
    emailNotifications: z.boolean().optional(),
    browserNotifications: z.boolean().optional(),
    whatsappNotifications: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update');

const idParam = z.object({ id: z.string().uuid('Unknown user') });

export function usersRouter({ clients }: { clients: Clients }): Router {
  const r = Router();

  // People search. `q=_all` lists everyone (admins only). Social exclusions join here once social exists.
  r.get('/search', async (req, res) => {
    const actor = requireActor(res);
    const { q } = parse(searchQuery, req.query);
    if (q === '_all') {
      const { users } = await clients.identity.listUsers({}, { actor });
      res.json(users.map(userJson));
      return;
    }
    if (q.trim().length < 2) throw badRequest('Type at least 2 characters to search');
    const { users } = await clients.identity.searchUsers({ query: q, limit: 20 }, { actor });
    res.json(users.filter((u) => u.id !== actor.id).map(publicUserJson));
  });

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
        email: body.email === undefined ? undefined : (body.email ?? ''),
        phoneNumber: body.phoneNumber === undefined ? undefined : (body.phoneNumber ?? ''),
        emailNotifications: body.emailNotifications,
        browserNotifications: body.browserNotifications,
        whatsappNotifications: body.whatsappNotifications,
      },
      { actor },
    );
    res.json(userJson(user!));
  });

  return r;
}
