import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { Clients } from '../clients.js';
import type { PublicCache } from '../cache.js';
import { composeQuestions, type Composer } from '../compose.js';
import { parse } from '../errors.js';
import { idText } from '../params.js';
import { questionJson } from '../questions.js';
import { requireAdmin } from '../session.js';

const REQUIRED = 'Please fill in all required fields';

/** Optional text in isiZulu, Afrikaans and Sesotho (issue #20), with the English limits. */
const translationsBody = z.partialRecord(
  z.enum(['zu', 'af', 'st']),
  z.strictObject({
    text: z.string().max(300),
    context: z.string().max(2000).nullish(),
    options: z.record(z.string().min(1).max(20), z.string().max(60)).optional(),
  }),
);

/** The translations as the questions service takes them (context and options always present). */
const toTranslations = (body: z.infer<typeof translationsBody> | undefined) =>
  Object.fromEntries(
    Object.entries(body ?? {}).map(([language, t]) => [language, { text: t.text, context: t.context ?? '', options: t.options ?? {} }]),
  );

const createBody = z.object({
  text: z.string().trim().min(1).max(300),
  context: z.string().max(2000).nullish(),
  date: z.string().datetime({ offset: true }),
  options: z
    .array(z.object({ id: z.string().min(1).max(20), text: z.string().trim().min(1).max(60) }))
    .length(2),
  tags: z.array(z.string().max(40)).max(10).optional(),
  /** "Hide results until people answer". */
  isBlind: z.boolean().optional(),
  translations: translationsBody.optional(),
});

/** Every translation the question keeps: a language left out (or with empty text) shows English again. */
const translationsUpdateBody = z.strictObject({ translations: translationsBody });

const resolveBody = z.object({ correctOptionId: z.string().min(1).max(20) });
const idParam = z.object({ id: idText });

/** Every /api/admin route needs an admin: 401 signed out, 403 otherwise (ahead of all the routes under /admin). */
export const adminOnly: RequestHandler = (_req, res, next) => {
  requireAdmin(res);
  next();
};

/** Question management (admins only: mounted behind `adminOnly`). */
export function adminQuestionRoutes(r: Router, { clients, composer, cache }: { clients: Clients; composer: Composer; cache: PublicCache }): void {

  r.get('/questions', async (_req, res) => {
    const actor = requireAdmin(res);
    const { questions } = await clients.questions.listAllQuestions({}, { actor });
    res.json(await composeQuestions(composer, questions, actor, () => true));
  });

  r.get('/drafts', async (_req, res) => {
    const actor = requireAdmin(res);
    const { questions } = await clients.questions.listDraftQuestions({}, { actor });
    res.json(questions.map((q) => questionJson(q, undefined, 0, true)));
  });

  r.post('/questions', async (req, res) => {
    const actor = requireAdmin(res);
    const body = parse(createBody, req.body, REQUIRED);
    const { question } = await clients.questions.createQuestion(
      {
        text: body.text,
        context: body.context ?? '',
        date: new Date(body.date),
        options: body.options,
        tags: body.tags ?? [],
        isBlind: body.isBlind ?? false,
        translations: toTranslations(body.translations),
      },
      { actor },
    );
    res.status(201).json(questionJson(question!, undefined, 0, true));
  });

  r.post('/questions/:id/publish', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(idParam, req.params);
    const { question } = await clients.questions.publishQuestion({ id }, { actor });
    cache.clear();
    res.json(questionJson(question!, undefined, 0, true));
  });

  r.put('/questions/:id/resolve', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(idParam, req.params);
    const { correctOptionId } = parse(resolveBody, req.body, 'Please choose the correct option', 'chooseCorrectOption');
    const { question } = await clients.questions.resolveQuestion({ id, correctOptionId }, { actor });
    cache.clear();
    res.json(questionJson(question!, undefined, 0, true));
  });

  r.put('/questions/:id/archive', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(idParam, req.params);
    const { question } = await clients.questions.archiveQuestion({ id }, { actor });
    cache.clear();
    res.json(questionJson(question!, undefined, 0, true));
  });

  r.put('/questions/:id/translations', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(idParam, req.params);
    const body = parse(translationsUpdateBody, req.body);
    const { question } = await clients.questions.updateQuestionTranslations({ id, translations: toTranslations(body.translations) }, { actor });
    cache.clear();
    res.json(questionJson(question!, undefined, 0, true));
  });

  r.delete('/questions/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(idParam, req.params);
    await clients.questions.deleteQuestion({ id }, { actor });
    cache.clear();
    res.json({ success: true });
  });

}
