import { Router } from 'express';
import { sastDayBounds, type Actor, type Clock } from '@mzansi/kit/base';
import { SuggestionStatus, type MediaPrediction, type Official, type Suggestion } from '@mzansi/proto/questions/v1/questions';
import { z } from 'zod';
import { sendJson, type PublicCache } from '../cache.js';
import type { Clients } from '../clients.js';
import { composeQuestions, type Composer } from '../compose.js';
import { badRequest } from '../errors.js';
import { idText } from '../params.js';
import type { QuestionJson } from '../questions.js';
import { requireActor, requireAdmin } from '../session.js';

export interface ResearchDeps {
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
  clock: Clock;
}

/** Validates with zod; the first problem's own message becomes a 400 (the schemas below carry readable ones). */
function check<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]!.message);
  return result.data;
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

const CONFIDENCE = 'Confidence must be a whole number from 0 to 100';
const predictionBody = z.object({
  statement: text(2_000, 'Statement'),
  prediction: text(2_000, 'Prediction'),
  confidence: z.number({ message: CONFIDENCE }).int({ message: CONFIDENCE }).min(0, { message: CONFIDENCE }).max(100, { message: CONFIDENCE }),
  sourceTitle: text(1_000, 'Source title'),
  sourceDate: text(40, 'Source date'),
  sourceUrl: text(2_100, 'Source URL'),
  tags,
});

const suggestionBody = z.object({
  title: z.string({ message: 'Question must be at least 10 characters' }).default(''),
  description: z.string({ message: 'Description must be text' }).nullish(),
});

const reviewBody = z.object({
  status: z.string({ message: 'Please choose a status' }).nullish(),
  adminNotes: z.string({ message: 'Admin notes must be text' }).nullish(),
});

const STATUS: Record<string, SuggestionStatus> = {
  pending: SuggestionStatus.SUGGESTION_STATUS_PENDING,
  approved: SuggestionStatus.SUGGESTION_STATUS_APPROVED,
  rejected: SuggestionStatus.SUGGESTION_STATUS_REJECTED,
  used: SuggestionStatus.SUGGESTION_STATUS_USED,
};
/** A status by name; own keys only (`toString`, `constructor`… are not statuses). */
const statusOf = (name: string | null | undefined) => (name && Object.hasOwn(STATUS, name) ? STATUS[name] : undefined);
const STATUS_NAME = new Map(Object.entries(STATUS).map(([k, v]) => [v, k]));

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

/** Suggestions with their authors' names, from one identity call for the whole list. */
async function suggestionsJson(clients: Clients, list: Suggestion[], actor: Actor) {
  if (list.length === 0) return [];
  const ids = [...new Set(list.map((s) => s.userId))];
  const { users } = await clients.identity.getUsers({ ids }, { actor });
  const byId = new Map(users.map((u) => [u.id, u]));
  return list.map((s) => {
    const u = byId.get(s.userId);
    return {
      id: s.id,
      title: s.title,
      description: s.description || null,
      status: STATUS_NAME.get(s.status) ?? 'pending',
      adminNotes: s.adminNotes || null,
      user: { id: s.userId, name: u?.name ?? 'Unknown user', username: u?.username ?? '' },
      createdAt: s.createdAt?.toISOString() ?? null,
      updatedAt: s.updatedAt?.toISOString() ?? null,
    };
  });
}

/** Research reads (anyone; briefly cached): /api/tags…, /api/officials. Unknown tags give empty lists. */
export function researchRouter({ clients, composer, cache }: ResearchDeps): Router {
  const r = Router();

  r.get('/tags', async (_req, res) => {
    const body = await cache.json('research:tags', async () => (await clients.questions.listTags({})).tags.map((t) => ({
      tag: t.tag,
      label: t.label,
      questionCount: t.questionCount,
      officialCount: t.officialCount,
      predictionCount: t.predictionCount,
    })));
    sendJson(res, body);
  });

  r.get('/tags/:tag/questions', async (req, res) => {
    const { tag } = check(tagParam, req.params);
    if (tag.length > TAG_MAX) return void res.json([]);
    const body = await cache.json(`research:questions:${tag}`, async () => {
      const { questions } = await clients.questions.listQuestionsByTag({ tag });
      return composeQuestions(composer, questions);
    });
    sendJson(res, body);
  });

  r.get('/tags/:tag/officials', async (req, res) => {
    const { tag } = check(tagParam, req.params);
    if (tag.length > TAG_MAX) return void res.json([]);
    const body = await cache.json(`research:officials:${tag}`, async () => (await clients.questions.listOfficials({ tag })).officials.map(officialJson));
    sendJson(res, body);
  });

  r.get('/tags/:tag/predictions', async (req, res) => {
    const { tag } = check(tagParam, req.params);
    if (tag.length > TAG_MAX) return void res.json([]);
    const body = await cache.json(`research:predictions:${tag}`, async () =>
      (await clients.questions.listMediaPredictions({ tag })).predictions.map(predictionJson),
    );
    sendJson(res, body);
  });

  r.get('/officials', async (_req, res) => {
    const body = await cache.json('research:officials', async () => (await clients.questions.listOfficials({ tag: '' })).officials.map(officialJson));
    sendJson(res, body);
  });

  return r;
}

/** /api/question-suggestions: users suggest and see their own; admins see all, review and delete (only they). */
export function suggestionsRouter({ clients }: ResearchDeps): Router {
  const r = Router();

  r.post('/', async (req, res) => {
    const actor = requireActor(res);
    const body = check(suggestionBody, req.body);
    const { suggestion } = await clients.questions.createSuggestion({ title: body.title, description: body.description ?? '' }, { actor });
    res.status(201).json((await suggestionsJson(clients, [suggestion!], actor))[0]);
  });

  r.get('/', async (req, res) => {
    const actor = requireActor(res);
    const q = check(z.object({ status: z.string().max(20).optional(), user: z.string().max(64).optional() }), req.query);
    let status = SuggestionStatus.SUGGESTION_STATUS_UNSPECIFIED;
    if (q.status) {
      const s = statusOf(q.status);
      if (s === undefined) throw badRequest('status must be one of pending, approved, rejected, used');
      status = s;
    }
    if (q.user && q.user !== 'me' && q.user.toLowerCase() !== actor.id) throw badRequest('user must be "me"');
    const { suggestions } = await clients.questions.listSuggestions({ status, mineOnly: !!q.user }, { actor });
    res.json(await suggestionsJson(clients, suggestions, actor));
  });

  r.put('/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = check(idParam, req.params);
    const body = check(reviewBody, req.body);
    const status = statusOf(body.status) ?? SuggestionStatus.SUGGESTION_STATUS_UNSPECIFIED;
    const { suggestion } = await clients.questions.reviewSuggestion({ id, status, adminNotes: body.adminNotes ?? '' }, { actor });
    res.json((await suggestionsJson(clients, [suggestion!], actor))[0]);
  });

  // Deletion is admin-only like review (403 for everyone else, the author included); questions checks it too.
  r.delete('/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = check(idParam, req.params);
    await clients.questions.deleteSuggestion({ id }, { actor });
    res.json({ success: true });
  });

  return r;
}

/** /api/admin/officials, /api/admin/predictions and /api/admin/analytics: admins only (401 / 403). */
export function adminResearchRouter({ clients, cache, clock }: ResearchDeps): Router {
  const r = Router();
  r.use((_req, res, next) => {
    requireAdmin(res);
    next();
  });

  r.post('/officials', async (req, res) => {
    const actor = requireAdmin(res);
    const { official } = await clients.questions.createOfficial(check(officialBody, req.body), { actor });
    cache.clear();
    res.status(201).json(officialJson(official!));
  });

  r.put('/officials/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = check(idParam, req.params);
    const { official } = await clients.questions.updateOfficial({ id, ...check(officialBody, req.body) }, { actor });
    cache.clear();
    res.json(officialJson(official!));
  });

  r.delete('/officials/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = check(idParam, req.params);
    await clients.questions.deleteOfficial({ id }, { actor });
    cache.clear();
    res.json({ success: true });
  });

  r.post('/predictions', async (req, res) => {
    const actor = requireAdmin(res);
    const { prediction } = await clients.questions.createMediaPrediction(check(predictionBody, req.body), { actor });
    cache.clear();
    res.status(201).json(predictionJson(prediction!));
  });

  r.put('/predictions/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = check(idParam, req.params);
    const { prediction } = await clients.questions.updateMediaPrediction({ id, ...check(predictionBody, req.body) }, { actor });
    cache.clear();
    res.json(predictionJson(prediction!));
  });

  r.delete('/predictions/:id', async (req, res) => {
    const actor = requireAdmin(res);
    const { id } = check(idParam, req.params);
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

  return r;
}
