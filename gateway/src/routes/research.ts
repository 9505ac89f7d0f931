import { Router } from 'express';
import { ANALYTICS_DEFAULT_DAYS, sastDate, sastDayBounds, sastDayRange, type Clock } from '@mzansi/kit/base';
import type { MediaPrediction, Official } from '@mzansi/proto/questions/v1/questions';
import { IdTextParams, OfficialBody, PredictionBody, TagParams, type Official as OfficialJson, type Prediction as PredictionJson } from '@mzansi/api';
import { sendJson, type PublicCache } from '../cache.js';
import type { Clients } from '../clients.js';
import { composeQuestions, type Composer } from '../compose.js';
import { dayAnalyticsJson } from '../day-analytics.js';
import { ISSUE_MESSAGE, parse } from '../errors.js';
import { bodyOf, send } from '../respond.js';
import { requireAdmin } from '../session.js';

export interface ResearchDeps {
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
  clock: Clock;
}

/** No tag is this long: answer the empty list without asking (and without caching) anything. */
const TAG_MAX = 100;

export function officialJson(o: Official): OfficialJson {
  return { id: o.id, name: o.name, title: o.title, bio: o.bio, avatar: o.avatar, tags: o.tags, isSample: o.isSample };
}

export function predictionJson(p: MediaPrediction): PredictionJson {
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
    const body = await cache.json('research:tags', async () => bodyOf('GET /api/tags', 200, (await clients.questions.listTags({})).tags.map((t) => ({
      tag: t.tag,
      label: t.label,
      questionCount: t.questionCount,
      officialCount: t.officialCount,
      predictionCount: t.predictionCount,
    }))));
    sendJson(res, body);
  });

  r.get('/:tag/questions', async (req, res) => {
    const { tag } = parse(TagParams, req.params, ISSUE_MESSAGE);
    if (tag.length > TAG_MAX) return void res.json([]);
    const body = await cache.json(`research:questions:${tag}`, async () => {
      const { questions } = await clients.questions.listQuestionsByTag({ tag });
      return bodyOf('GET /api/tags/{tag}/questions', 200, await composeQuestions(composer, questions));
    });
    sendJson(res, body);
  });

  r.get('/:tag/officials', async (req, res) => {
    const { tag } = parse(TagParams, req.params, ISSUE_MESSAGE);
    if (tag.length > TAG_MAX) return void res.json([]);
    const body = await cache.json(`research:officials:${tag}`, async () => (await clients.questions.listOfficials({ tag })).officials.map(officialJson));
    sendJson(res, body);
  });

  r.get('/:tag/predictions', async (req, res) => {
    const { tag } = parse(TagParams, req.params, ISSUE_MESSAGE);
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
    const { official } = await clients.questions.createOfficial(parse(OfficialBody, req.body, ISSUE_MESSAGE), { actor });
    cache.clear();
    send(res, 'POST /api/admin/officials', 201, officialJson(official!));
  });

  r.put('/officials/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params, ISSUE_MESSAGE);
    const { official } = await clients.questions.updateOfficial({ id, ...parse(OfficialBody, req.body, ISSUE_MESSAGE) }, { actor });
    cache.clear();
    send(res, 'PUT /api/admin/officials/{id}', 200, officialJson(official!));
  });

  r.delete('/officials/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params, ISSUE_MESSAGE);
    await clients.questions.deleteOfficial({ id }, { actor });
    cache.clear();
    send(res, 'DELETE /api/admin/officials/{id}', 200, { success: true });
  });

  r.post('/predictions', async (req, res) => {
    const actor = requireAdmin(res);
    const { prediction } = await clients.questions.createMediaPrediction(parse(PredictionBody, req.body, ISSUE_MESSAGE), { actor });
    cache.clear();
    send(res, 'POST /api/admin/predictions', 201, predictionJson(prediction!));
  });

  r.put('/predictions/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params, ISSUE_MESSAGE);
    const { prediction } = await clients.questions.updateMediaPrediction({ id, ...parse(PredictionBody, req.body, ISSUE_MESSAGE) }, { actor });
    cache.clear();
    send(res, 'PUT /api/admin/predictions/{id}', 200, predictionJson(prediction!));
  });

  r.delete('/predictions/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = parse(IdTextParams, req.params, ISSUE_MESSAGE);
    await clients.questions.deleteMediaPrediction({ id }, { actor });
    cache.clear();
    send(res, 'DELETE /api/admin/predictions/{id}', 200, { success: true });
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
    send(res, 'GET /api/admin/analytics', 200, {
      users: { total: users.total, newThisWeek: users.joined },
      answersToday: answers.count,
      questions: { draft: stats.draft, published: stats.published, resolved: stats.resolved, archived: stats.archived },
      suggestionsPending: stats.suggestionsPending,
    });
  });

  // How the day went: today and the 14 SAST days before, each service asked for the same days, in parallel.
  r.get('/analytics/day', async (_req, res) => {
    const actor = requireAdmin(res);
    const { days, today } = sastDayRange(sastDate(clock()), ANALYTICS_DEFAULT_DAYS);
    const range = { today, days: days.length };
    const [answers, signups, community, deliveries] = await Promise.all([
      clients.voting.getAnswerAnalytics(range, { actor }),
      clients.identity.getSignupAnalytics(range, { actor }),
      clients.social.getCommunityAnalytics(range, { actor }),
      clients.notification.getDeliveryAnalytics(range, { actor }),
    ]);
    send(res, 'GET /api/admin/analytics/day', 200, dayAnalyticsJson({ days, answers, signups, community, deliveries }));
  });
}
