import { Router } from 'express';
import { ArchiveQuery, IdParams } from '@mzansi/api';
import type { Clients } from '../clients.js';
import type { PublicCache } from '../cache.js';
import { composeQuestions, type Composer } from '../compose.js';
import { parse } from '../errors.js';
import { visibleResults } from '../questions.js';
import { bodyOf, send } from '../respond.js';
import { questionOf } from './voting.js';

/** GET /api/questions/today's answer (the server-rendered pages use it too: page-sources.ts). */
export async function todayQuestions(clients: Clients, composer: Composer) {
  const { questions } = await clients.questions.listTodayQuestions({});
  return bodyOf('GET /api/questions/today', 200, await composeQuestions(composer, questions));
}

export interface QuestionsDeps {
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
}

/**
 * The public reads every open screen polls (signed-out visitors too): today's questions, the public list and a
 * question's public results. Served from the ≤ 1 s cache as bytes serialised once per fill; a miss costs one or
 * two small gRPC reads whatever the number of pollers. They read neither a body nor a session, so the app routes
 * them before the API's body, session and CSRF layers.
 */
export function publicQuestionsRouter({ clients, composer, cache }: QuestionsDeps): Router {
  const r = Router();

  r.get('/today', (_req, res) => cache.serve(res, 'questions:today', () => todayQuestions(clients, composer)));

  r.get('/public', (_req, res) =>
    cache.serve(res, 'questions:public', async () => {
      const { questions } = await clients.questions.listPublicQuestions({ limit: 30, query: '', cursor: '' });
      return bodyOf('GET /api/questions/public', 200, await composeQuestions(composer, questions));
    }),
  );

  // The archive, searchable and paged: ?q= words (each a prefix), ?cursor= from the previous page's nextCursor.
  // Not polled, so not cached; the questions service pages on an index (keyset) and searches on another.
  r.get('/archive', async (req, res) => {
    const { q, cursor, limit } = parse(ArchiveQuery, req.query);
    const page = await clients.questions.listPublicQuestions({ limit, query: q, cursor });
    res.set('Cache-Control', 'no-cache');
    send(res, 'GET /api/questions/archive', 200, { questions: await composeQuestions(composer, page.questions), nextCursor: page.nextCursor || null });
  });

  r.get('/:id/public-results', (req, res) => {
    const id = parse(IdParams, req.params).id;
    return cache.serve(res, `results:${id}`, async () => {
      const [question, counts] = await Promise.all([questionOf(clients, id), composer.counts([id])]);
      // Shared by every reader (cached, no session): an open blind question's figures are never in it.
      const { results, totalVotes, resultsHidden } = visibleResults(question, counts.get(id), false);
      return bodyOf('GET /api/questions/{id}/public-results', 200, {
        results,
        totalVotes,
        ...(question.isBlind && { isBlind: true as const, resultsHidden }),
      });
    });
  });

  return r;
}
