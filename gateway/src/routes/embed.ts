import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { grpc, isGrpcError, type Actor } from '@mzansi/kit/base';
import { EmbedQuery, EmbedTokenBody, IdParams, SPARKLINE_MAX_POINTS, type EmbedView } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { MicroCache } from '../cache.js';
import type { Composer } from '../compose.js';
import type { EmbedTokens } from '../embed-token.js';
import { HttpError, ISSUE_MESSAGE, notFound, parse } from '../errors.js';
import { historiesOf } from '../history.js';
import { publicDetailJson } from '../public-api.js';
import { visibleResults } from '../questions.js';
import { send } from '../respond.js';
import { requireActor } from '../session.js';
import { escapeXml } from '../share-card.js';
import { loadRenderer } from '../web-page.js';
import { questionOf } from './voting.js';

export interface EmbedDeps {
  clients: Clients;
  composer: Composer;
  tokens: EmbedTokens;
  publicUrl: string;
  /** The built web app (its manifest names the embed's script and stylesheet). */
  webDist: string;
  /** The server renderer's file (web/dist-ssr/entry-server.js by default). */
  rendererFile?: string;
}

/** The embed's entry in the web build (web/vite.config.ts: EMBED_ENTRY). */
const EMBED_ENTRY = 'src/features/embed/embed-frame.ts';
/** A signed-out embed is the same for every reader of a language and theme: built at most once in this time. */
const PAGE_TTL_MS = 5_000;

/**
 * GET /embed/q/{id}: a question for other sites' iframes (the only page they may frame: security.ts), rendered on
 * the server from the app's own components (web: EmbedCard) with the embed's own small script and stylesheet. With
 * `t` (the answer popup's token for this question) it shows that reader's answer and the results as they may see
 * them. 404 for an unknown, unpublished or archived question.
 */
export function embedRouter(deps: EmbedDeps): Router {
  const origin = new URL(deps.publicUrl).origin;
  const assets = embedAssets(deps.webDist);
  const rendererFile = deps.rendererFile ?? path.join(deps.webDist, '..', 'dist-ssr', 'entry-server.js');
  const pages = new MicroCache<string>(PAGE_TTL_MS, 500);
  const r = Router();
  // The embed's own script and stylesheet load in frames of an opaque origin too (a sandbox without
  // allow-same-origin: WordPress's): other sites may use these two files (CORP cross-origin; CORS for the module).
  r.use('/assets', (req, res, next) => {
    const files = assets();
    if (files && [files.script, ...files.styles, ...files.imported].includes(`/assets${req.path}`)) res.set({ 'Cross-Origin-Resource-Policy': 'cross-origin', 'Access-Control-Allow-Origin': '*' });
    next();
  });
  r.get('/embed/q/:id', async (req, res) => {
    const params = IdParams.safeParse(req.params);
    if (!params.success) throw notFound('Question not found');
    const id = params.data.id.toLowerCase();
    const query = parse(EmbedQuery, req.query, ISSUE_MESSAGE);
    const claims = query.t ? deps.tokens.verify(query.t, id) : undefined;
    const files = assets();
    const renderer = await loadRenderer(rendererFile);
    if (!files || !renderer) throw new HttpError(503, 'The web app is not built');
    const build = async (reader: string | undefined) => {
      const view = await embedView(deps, origin, id, query, reader);
      return page(view, renderer.renderEmbed(view, view.lang), files);
    };
    // Built first: a failure (404) is then answered as JSON, with no page headers set.
    const html = claims ? await build(claims.userId) : await pages.get(`${id}:${query.lang}:${query.theme}`, () => build(undefined));
    res.set('Cache-Control', claims ? 'private, no-store' : 'public, max-age=60').type('html').send(html);
  });
  return r;
}

/** POST /api/embed/tokens: the reader's 10-minute token for the embed of a question they have answered. */
export function embedTokenRouter({ clients, tokens }: Pick<EmbedDeps, 'clients' | 'tokens'>): Router {
  const r = Router();
  r.post('/tokens', async (req, res) => {
    const actor = requireActor(res);
    const { questionId } = parse(EmbedTokenBody, req.body, ISSUE_MESSAGE);
    if (!(await answerOf(clients, actor, questionId))) throw notFound('Not answered');
    const { token, expiresAt } = tokens.issue(actor.id, questionId);
    send(res, 'POST /api/embed/tokens', 201, { token, expiresAt: expiresAt.toISOString() });
  });
  return r;
}

async function answerOf(clients: Clients, actor: Actor, questionId: string) {
  try {
    return (await clients.voting.getAnswer({ userId: actor.id, questionId }, { actor })).answer;
  } catch (err) {
    if (isGrpcError(err) && err.code === grpc.status.NOT_FOUND) return undefined;
    throw err;
  }
}

/** The question as the public API shows it, revealed to a reader who has answered it; their answer. */
async function embedView(deps: EmbedDeps, origin: string, id: string, query: EmbedQuery, readerId: string | undefined): Promise<EmbedView> {
  const question = await questionOf(deps.clients, id);
  if (!question.isPublished || question.isArchived) throw notFound('Question not found');
  const actor = readerId ? { id: readerId, isAdmin: false } : undefined;
  const [counts, histories, answer] = await Promise.all([
    deps.composer.counts([id]),
    historiesOf(deps.clients, [id], SPARKLINE_MAX_POINTS),
    actor ? answerOf(deps.clients, actor, id) : undefined,
  ]);
  const detail = publicDetailJson(question, counts.get(id), undefined, histories.get(id), query.lang, deps.publicUrl);
  if (answer && detail.resultsHidden) {
    const shown = visibleResults(question, counts.get(id), true);
    detail.results = shown.results.map(({ optionId, votes, percentage }) => ({ optionId, votes, percentage }));
    detail.resultsHidden = false;
  }
  return { lang: query.lang, question: detail, answeredOptionId: answer?.optionId ?? null, theme: query.theme, origin };
}

interface EmbedFiles {
  script: string;
  styles: string[];
  /** Chunks the script imports (none while it shares no module with the app). */
  imported: string[];
}

/** The embed's built script and stylesheets (dist/.vite/manifest.json), read once they exist. */
function embedAssets(dist: string): () => EmbedFiles | undefined {
  let files: EmbedFiles | undefined;
  return () => {
    if (files) return files;
    const manifest = path.join(dist, '.vite', 'manifest.json');
    if (!existsSync(manifest)) return undefined;
    const chunks = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[] }>;
    const entry = chunks[EMBED_ENTRY];
    if (!entry) return undefined;
    const imported = (entry.imports ?? []).flatMap((key) => (chunks[key] ? [`/${chunks[key].file}`] : []));
    files = { script: `/${entry.file}`, styles: (entry.css ?? []).map((f) => `/${f}`), imported };
    return files;
  };
}

/** The embed's document: no app shell, the canonical link to the question's own page, not for search engines. */
function page(view: EmbedView, markup: string, files: EmbedFiles): string {
  const q = view.question;
  const styles = files.styles.map((href) => `<link rel="stylesheet" href="${escapeXml(href)}">`).join('');
  return (
    `<!doctype html><html lang="${view.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeXml(q.text)} · Mzansi Predicts</title><meta name="robots" content="noindex"><link rel="canonical" href="${escapeXml(`${view.origin}/q/${q.id}`)}">` +
    `${styles}<script type="module" src="${escapeXml(files.script)}"></script></head><body>${markup}</body></html>`
  );
}
