import { Router } from 'express';
import type { Clients } from '../clients.js';
import { MicroCache } from '../cache.js';
import { composeQuestions, type Composer } from '../compose.js';
import type { QuestionJson } from '../questions.js';

export interface QuestionsDeps {
  clients: Clients;
  composer: Composer;
  cache: MicroCache<unknown>;
}

/** Public reads: today's questions and the public list (signed-out visitors too), briefly cached. */
export function questionsRouter({ clients, composer, cache }: QuestionsDeps): Router {
  const r = Router();

  r.get('/today', async (_req, res) => {
    const body = await cache.get('questions:today', async () => {
      const { questions } = await clients.questions.listTodayQuestions({});
      return composeQuestions(composer, questions);
    });
    res.json(body as QuestionJson[]);
  });

  r.get('/public', async (_req, res) => {
    const body = await cache.get('questions:public', async () => {
      const { questions } = await clients.questions.listPublicQuestions({ limit: 30 });
      return composeQuestions(composer, questions);
    });
    res.json(body as QuestionJson[]);
  });

  return r;
}
