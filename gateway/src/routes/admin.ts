import type { RequestHandler, Router } from 'express';
import { CREATE_FIELDS_WITH_OWN_MESSAGES, CorrectOptionBody, CreateQuestionBody, IdTextParams, QuestionDetailsBody, ScheduleBody, TranslationsUpdateBody, type TranslationsBody } from '@mzansi/api';
import type { z } from 'zod';
import type { Clients } from '../clients.js';
import type { PublicCache } from '../cache.js';
import { composeQuestions, type Composer } from '../compose.js';
import { ISSUE_MESSAGE, parse, type IssueMessage } from '../errors.js';
import { questionJson } from '../questions.js';
import { send } from '../respond.js';
import { requireAdmin } from '../session.js';
import { checkedReason, checkedResolution, ResolutionFields } from '../resolution.js';

const REQUIRED = 'Please fill in all required fields';

/** The translations as the questions service takes them (context and options always present). */
const toTranslations = (body: z.infer<typeof TranslationsBody> | undefined) =>
  Object.fromEntries(
    Object.entries(body ?? {}).map(([language, t]) => [
      language,
      { text: t.text, context: t.context ?? '', options: t.options ?? {}, resolutionCriteria: t.resolutionCriteria ?? undefined },
    ]),
  );

/** A create body's problem reads REQUIRED (spec §5), but those of the criteria and close time say their own. */
const createProblem: IssueMessage = (issue) => (issue.path.length === 1 && CREATE_FIELDS_WITH_OWN_MESSAGES.includes(String(issue.path[0])) ? issue.message : REQUIRED);

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
    send(res, 'GET /api/admin/questions', 200, await composeQuestions(composer, questions, actor, () => true));
  });

  r.get('/drafts', async (_req, res) => {
    const actor = requireAdmin(res);
    const { questions } = await clients.questions.listDraftQuestions({}, { actor });
    send(res, 'GET /api/admin/drafts', 200, questions.map((q) => questionJson(q, undefined, 0, true)));
  });

  r.post('/questions', async (req, res) => {
    const actor = requireAdmin(res);
    const body = parse(CreateQuestionBody, req.body, createProblem);
    const { question } = await clients.questions.createQuestion(
      {
        text: body.text,
        context: body.context ?? '',
        date: new Date(body.date),
        options: body.options,
        tags: body.tags ?? [],
        isBlind: body.isBlind ?? false,
        translations: toTranslations(body.translations),
        resolutionCriteria: body.resolutionCriteria ?? undefined,
        closesAt: body.closesAt ? new Date(body.closesAt) : undefined,
      },
      { actor },
    );
    send(res, 'POST /api/admin/questions', 201, questionJson(question!, undefined, 0, true));
  });

  r.post('/questions/:id/publish', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params);
    const { question } = await clients.questions.publishQuestion({ id }, { actor });
    cache.clear();
    send(res, 'POST /api/admin/questions/{id}/publish', 200, questionJson(question!, undefined, 0, true));
  });

  // Resolve (ResolveBody): the option, then the source (400 without one: nothing changes), as the dialog asks for them.
  r.put('/questions/:id/resolve', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params);
    const { correctOptionId } = parse(CorrectOptionBody, req.body, 'Please choose the correct option', 'chooseCorrectOption');
    const { source, note } = checkedResolution(parse(ResolutionFields, req.body));
    const { question } = await clients.questions.resolveQuestion({ id, correctOptionId, source, note }, { actor });
    cache.clear();
    send(res, 'PUT /api/admin/questions/{id}/resolve', 200, questionJson(question!, undefined, 0, true));
  });

  // Correct a resolution (CorrectResolutionBody) once, within 24 hours, with a reason; voting recomputes the scores
  // from the event it causes, and every replica drops its copies of the question when it hears of that event.
  r.put('/questions/:id/resolution', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params);
    const { correctOptionId } = parse(CorrectOptionBody, req.body, 'Please choose the correct option', 'chooseCorrectOption');
    const fields = parse(ResolutionFields, req.body);
    const { source, note } = checkedResolution(fields);
    const reason = checkedReason(fields);
    const { question } = await clients.questions.correctResolution({ id, correctOptionId, source, note, reason }, { actor });
    cache.clear();
    send(res, 'PUT /api/admin/questions/{id}/resolution', 200, questionJson(question!, undefined, 0, true));
  });

  r.put('/questions/:id/archive', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params);
    const { question } = await clients.questions.archiveQuestion({ id }, { actor });
    cache.clear();
    send(res, 'PUT /api/admin/questions/{id}/archive', 200, questionJson(question!, undefined, 0, true));
  });

  r.put('/questions/:id/translations', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params);
    const body = parse(TranslationsUpdateBody, req.body);
    const { question } = await clients.questions.updateQuestionTranslations({ id, translations: toTranslations(body.translations) }, { actor });
    cache.clear();
    send(res, 'PUT /api/admin/questions/{id}/translations', 200, questionJson(question!, undefined, 0, true));
  });

  r.put('/questions/:id/schedule', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params);
    const { publishAt } = parse(ScheduleBody, req.body, 'Please choose a date and time', 'scheduleRequired');
    const { question } = await clients.questions.scheduleQuestion({ id, publishAt: new Date(publishAt) }, { actor });
    send(res, 'PUT /api/admin/questions/{id}/schedule', 200, questionJson(question!, undefined, 0, true));
  });

  r.delete('/questions/:id/schedule', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params);
    const { question } = await clients.questions.unscheduleQuestion({ id }, { actor });
    send(res, 'DELETE /api/admin/questions/{id}/schedule', 200, questionJson(question!, undefined, 0, true));
  });

  r.patch('/questions/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params);
    const body = parse(QuestionDetailsBody, req.body, ISSUE_MESSAGE);
    const { question } = await clients.questions.updateQuestionDetails(
      {
        id,
        resolutionCriteria: body.resolutionCriteria === undefined ? undefined : (body.resolutionCriteria ?? ''),
        setClosesAt: body.closesAt !== undefined,
        closesAt: body.closesAt ? new Date(body.closesAt) : undefined,
      },
      { actor },
    );
    cache.clear();
    send(res, 'PATCH /api/admin/questions/{id}', 200, questionJson(question!, undefined, 0, true));
  });

  r.delete('/questions/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params);
    await clients.questions.deleteQuestion({ id }, { actor });
    cache.clear();
    send(res, 'DELETE /api/admin/questions/{id}', 200, { success: true });
  });

}
