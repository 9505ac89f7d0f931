import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '@mzansi/kit/base';
import type { JsonBody, PublicCache } from './cache.js';
import type { Clients } from './clients.js';
import type { Composer } from './compose.js';
import { todayQuestions } from './routes/questions.js';
import { actorOf } from './session.js';
import { userJson } from './users.js';
import type { PageSources } from './web.js';

export interface PageSourceDeps {
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
  /** The API's session layers (express-session, then expiry), which leave the signed-in actor in res.locals. */
  session: RequestHandler[];
  logger: Logger;
}

const run = (layer: RequestHandler, req: Request, res: Response) =>
  new Promise<void>((resolve, reject) => {
    const next: NextFunction = (err?: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve());
    void layer(req, res, next);
  });

/**
 * Where a server-rendered page's data comes from: today's questions through the same cache the API answers from
 * (one parse per cached answer, not per page), the user through the API's own session layers and GET /me's JSON.
 */
export function pageSources({ clients, composer, cache, session, logger }: PageSourceDeps): PageSources {
  const parsed = new WeakMap<JsonBody, unknown>();
  return {
    logger,
    async today() {
      const body = await cache.json('questions:today', () => todayQuestions(clients, composer));
      if (!parsed.has(body)) parsed.set(body, JSON.parse(body.bytes.toString('utf8')));
      return parsed.get(body);
    },
    async user(req, res) {
      for (const layer of session) await run(layer, req, res);
      const actor = actorOf(res);
      if (!actor) return null;
      const { user } = await clients.identity.getUser({ id: actor.id }, { actor });
      return user ? userJson(user) : null;
    },
  };
}
