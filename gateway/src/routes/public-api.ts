import { Router } from 'express';
import { HISTORY_MAX_POINTS, IdParams, PublicQuestionQuery, PublicQuestionsQuery, type PublicQuestionDetail } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { jsonBody, type PublicCache } from '../cache.js';
import type { Composer } from '../compose.js';
import { ISSUE_MESSAGE, notFound, parse } from '../errors.js';
import { historiesOf } from '../history.js';
import { openDataCsv, openDataJson } from '../open-data.js';
import { publicDetailJson, publicPage } from '../public-api.js';
import { bodyOf } from '../respond.js';
import { questionOf } from './voting.js';
import { bulkRoutes } from './public-bulk.js';
import type { QuestionsGone } from '../questions-gone.js';

export interface PublicApiDeps {
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
  publicUrl: string;
  /** Deleted and archived questions and changed resolutions: the monthly files are built again (public-bulk.ts). */
  gone?: QuestionsGone;
}

/**
 * The public read API's routes (/api/public/v1). Every answer is shared by every reader (no session is read), so
 * it is served through the public reads' cache (≤ 1 s) with its ETag, a 304 for a client that has it. A draft, a
 * deleted or an unknown question is 404, the same answer for each.
 */
export function publicApiRouter({ clients, composer, cache, publicUrl, gone }: PublicApiDeps): Router {
  const r = Router();
  bulkRoutes(r, { clients, composer, publicUrl, gone });
  const load = loader({ clients, composer, publicUrl });

  r.get('/questions', (req, res) => {
    const query = parse(PublicQuestionsQuery, req.query, ISSUE_MESSAGE);
    const { limit, lang, cursor = '', tag = '', status = '', date = '' } = query;
    return cache.serve(res, `public:list:${lang}:${limit}:${cursor}:${tag}:${status}:${date}`, async () => {
      const page = await clients.questions.listPublicQuestions({ limit, query: '', cursor, tag, status, date });
      return bodyOf('GET /api/public/v1/questions', 200, { questions: await publicPage(composer, page.questions, lang, publicUrl), nextCursor: page.nextCursor || null });
    });
  });

  r.get('/questions/:id', (req, res) => {
    const params = IdParams.safeParse(req.params);
    if (!params.success) throw notFound('Question not found');
    const { id } = params.data;
    const { lang } = parse(PublicQuestionQuery, req.query, ISSUE_MESSAGE);
    return cache.serve(res, `public:q:${id}:${lang}`, load(id, lang), etagBasis);
  });

  // The downloads (open data): the detail in English, as a file; not polled, so not cached. The ETag is the
  // detail's (etagBasis), and express answers a matching If-None-Match with a 304.
  for (const format of ['json', 'csv'] as const) {
    r.get(`/questions/:id/data.${format}`, async (req, res) => {
      const params = IdParams.safeParse(req.params);
      if (!params.success) throw notFound('Question not found');
      const { id } = params.data;
      const detail = await load(id, 'en')();
      const name = `mzansi-predicts-${id}.${format}`;
      res.set({ 'Cache-Control': 'no-cache', ETag: jsonBody(null, etagBasis(detail)).etag, 'Content-Disposition': `attachment; filename="${name}"` });
      if (format === 'csv') res.type('text/csv; charset=utf-8').send(openDataCsv(detail));
      else res.json(bodyOf('GET /api/public/v1/questions/{id}/data.json', 200, openDataJson(detail, new Date())));
    });
  }

  return r;
}

/**
 * What a question's ETag is computed from: everything but its history's instants, and of the history its latest
 * totals. The history is resampled to the moment of each answer (its points move with the clock); while the
 * question and its figures stay the same, a client's copy is semantically current and gets a 304.
 */
function etagBasis({ history, ...rest }: PublicQuestionDetail) {
  const last = history.at(-1);
  return { ...rest, latest: last && { results: last.results, totalVotes: last.totalVotes } };
}

/** A question's detail, loaded: the question (404 unless published), its figures, provinces and history in parallel. */
function loader({ clients, composer, publicUrl }: Omit<PublicApiDeps, 'cache'>) {
  return (id: string, lang: PublicQuestionDetail['lang']) => async (): Promise<PublicQuestionDetail> => {
    const question = await questionOf(clients, id);
    if (!question.isPublished) throw notFound('Question not found');
    const [counts, provinces, histories] = await Promise.all([composer.counts([id]), composer.provinceCounts([id]), historiesOf(clients, [id], HISTORY_MAX_POINTS)]);
    return bodyOf('GET /api/public/v1/questions/{id}', 200, publicDetailJson(question, counts.get(id), provinces.get(id), histories.get(id), lang, publicUrl));
  };
}
