import { Router } from 'express';
import { sastDayBounds, type Clock } from '@mzansi/kit/base';
import { PREDICTION_CONFIDENCE } from '@mzansi/proto';
import type { MediaPrediction, Official } from '@mzansi/proto/questions/v1/questions';
import { z } from 'zod';
import { sendJson, type PublicCache } from '../cache.js';
import type { Clients } from '../clients.js';
import { composeQuestions, type Composer } from '../compose.js';
import { ISSUE_MESSAGE, parse } from '../errors.js';
import { idText } from '../params.js';
import { requireAdmin } from '../session.js';

export interface ResearchDeps {
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
  clock: Clock;
}

const text = (max: number, field: string) => z.string({ message: `${field} must be text` }).max(max, { message: `${field} is too long` }).default('');
const tags = z.array(z.string({ message: 'Tags must be a list of words' }).max(60), { message: 'Tags must be a list of words' }).max(20, { message: 'Tags are up to 10 lower-case words (letters, digits, dashes)' }).default([]);
const idParam = z.object({ id: idText });
const tagParam = z.object({ tag: z.string().min(1) });
/** No tag is this long: answer the empty list without asking (and without caching) anything. */
const TAG_MAX = 100;

const officialBody = z.object({
  name: text(500, 'Name'),
  title: text(500, 'Title'),
  bio: text(5_000, 'Bio'),
  avatar: text(500, 'Avatar'),
  tags,
});

const { min, max, message: CONFIDENCE } = PREDICTION_CONFIDENCE;
const predictionBody = z.object({
  statement: text(2_000, 'Statement'),
  prediction: text(2_000, 'Prediction'),
  confidence: z.number({ message: CONFIDENCE }).int({ message: CONFIDENCE }).min(min, { message: CONFIDENCE }).max(max, { message: CONFIDENCE }),
  sourceTitle: text(1_000, 'Source title'),
  sourceDate: text(40, 'Source date'),
  sourceUrl: text(2_100, 'Source URL'),
  tags,
});

export function officialJson(o: Official) {
  return { id: o.id, name: o.name, title: o.title, bio: o.bio, avatar: o.avatar, tags: o.tags, isSample: o.isSample };
}

export function predictionJson(p: MediaPrediction) {
  return {
    id: p.id,
    statement: p.statement,
    prediction: p.prediction,
    confidence: p.confidence,
    sourceTitle: p.sourceTitle,
    sourceDate: p.sourceDate,
    sourceUrl: p.sourceUrl,
    tags: p.tags,
    isSample: p.isSample,
  };
}

/** Research reads by topic (anyone; briefly cached): /api/tags, /api/tags/{tag}/…. Unknown tags give empty lists. */
export function tagsRouter({ clients, composer, cache }: ResearchDeps): Router {
  const r = Router();

  r.get('/', async (_req, res) => {
    const body = await cache.json('research:tags', async () => (await clients.questions.listTags({})).tags.map((t) => ({
      tag: t.tag,
      label: t.label,
      questionCount: t.questionCount,
      officialCount: t.officialCount,
      predictionCount: t.predictionCount,
    })));
    sendJson(res, body);
  });

  r.get('/:tag/questions', async (req, res) => {
    const { tag } = parse(tagParam, req.params, ISSUE_MESSAGE);
    if (tag.length > TAG_MAX) return void res.json([]);
    const body = await cache.json(`research:questions:${tag}`, async () => {
      const { questions } = await clients.questions.listQuestionsByTag({ tag });
      return composeQuestions(composer, questions);
    });
    sendJson(res, body);
  });

  r.get('/:tag/officials', async (req, res) => {
    const { tag } = parse(tagParam, req.params, ISSUE_MESSAGE);
    if (tag.length > TAG_MAX) return void res.json([]);
    const body = await cache.json(`research:officials:${tag}`, async () => (await clients.questions.listOfficials({ tag })).officials.map(officialJson));
    sendJson(res, body);
  });

  r.get('/:tag/predictions', async (req, res) => {
    const { tag } = parse(tagParam, req.params, ISSUE_MESSAGE);
    if (tag.length > TAG_MAX) return void res.json([]);
    const body = await cache.json(`research:predictions:${tag}`, async () =>
      (await clients.questions.listMediaPredictions({ tag })).predictions.map(predictionJson),
    );
    sendJson(res, body);
  });

  return r;
}

/** GET /api/officials: every official (anyone; briefly cached). */
export function officialsRouter({ clients, cache }: ResearchDeps): Router {
  const r = Router();
  r.get('/', async (_req, res) => {
    const body = await cache.json('research:officials', async () => (await clients.questions.listOfficials({ tag: '' })).officials.map(officialJson));
    sendJson(res, body);
  });

  return r;
}

/** /api/admin/officials, /api/admin/predictions and /api/admin/analytics (admins only: mounted behind `adminOnly`). */
export function adminResearchRoutes(r: Router, { clients, cache, clock }: ResearchDeps): void {
  r.post('/officials', async (req, res) => {
    const actor = requireAdmin(res);
    const { official } = await clients.questions.createOfficial(parse(officialBody, req.body, ISSUE_MESSAGE), { actor });
    cache.clear();
    res.status(201).json(officialJson(official!));
  });

  r.put('/officials/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(idParam, req.params, ISSUE_MESSAGE);
    const { official } = await clients.questions.updateOfficial({ id, ...parse(officialBody, req.body, ISSUE_MESSAGE) }, { actor });
    cache.clear();
    res.json(officialJson(official!));
  });

  r.delete('/officials/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(idParam, req.params, ISSUE_MESSAGE);
    await clients.questions.deleteOfficial({ id }, { actor });
    cache.clear();
    res.json({ success: true });
  });

  r.post('/predictions', async (req, res) => {
    const actor = requireAdmin(res);
    const { prediction } = await clients.questions.createMediaPrediction(parse(predictionBody, req.body, ISSUE_MESSAGE), { actor });
    cache.clear();
    res.status(201).json(predictionJson(prediction!));
  });

  r.put('/predictions/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(idParam, req.params, ISSUE_MESSAGE);
    const { prediction } = await clients.questions.updateMediaPrediction({ id, ...parse(predictionBody, req.body, ISSUE_MESSAGE) }, { actor });
    cache.clear();
    res.json(predictionJson(prediction!));
  });

  r.delete('/predictions/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(idParam, req.params, ISSUE_MESSAGE);
    await clients.questions.deleteMediaPrediction({ id }, { actor });
    cache.clear();
    res.json({ success: true });
  });

  // Real figures, three services asked in parallel. "Today" is the SAST day; "this week" the last 7 days.
  r.get('/analytics', async (_req, res) => {
    const actor = requireAdmin(res);
    const now = clock();
    const [users, answers, stats] = await Promise.all([
      clients.identity.countUsers({ joinedSince: new Date(now.getTime() - 7 * 24 * 3600_000) }, { actor }),
      clients.voting.countAnswers({ since: sastDayBounds(now).start }, { actor }),
      clients.questions.getQuestionStats({}, { actor }),
    ]);
    res.json({
      users: { total: users.total, newThisWeek: users.joined },
      answersToday: answers.count,
      questions: { draft: stats.draft, published: stats.published, resolved: stats.resolved, archived: stats.archived },
      suggestionsPending: stats.suggestionsPending,
    });
  });
}
