import { createHash } from 'node:crypto';
import compression from 'compression';
import { Router, type Request, type Response } from 'express';
import sharp from 'sharp';
import { grpc, isGrpcError } from '@mzansi/kit/base';
import type { Clients } from '../clients.js';
import type { Composer } from '../compose.js';
import { MicroCache } from '../cache.js';
import { notFound, parse } from '../errors.js';
import { IdParams, type Question } from '@mzansi/api';
import { questionJson } from '../questions.js';
import { CARD_HEIGHT, CARD_WIDTH, CHART_BOX, cardSvg, dayNumber, escapeXml, shareText, type ShareCard } from '../share-card.js';
import { chartElements, historyChartSvg, type ChartInput } from '../history-chart.js';
import { historiesOf } from '../history.js';
import { resultsHiddenFor } from '@mzansi/api/rules';
import { HISTORY_MAX_POINTS } from '@mzansi/api';
import { questionOf } from './voting.js';
import { reflectSaveData } from '../web.js';
import type { QuestionsGone } from '../questions-gone.js';

export interface ShareDeps {
  clients: Clients;
  composer: Composer;
  /** The public origin (config PUBLIC_URL): og:url and og:image must be absolute. */
  publicUrl: string;
  /** The app's page for a request with its own head (web.ts indexHtml); undefined when the app is not built. */
  page?: (req: Request, head?: (defaultHead: string) => string, placeholder?: string) => string | undefined;
  /** How long a card (question + split) is reused; the image follows the card. */
  cardTtlMs?: number;
  /** Deleted and archived questions (questions-gone.ts): their cards are dropped at once. */
  gone?: QuestionsGone;
}

interface Shared {
  card: ShareCard;
  question: Question;
  /** How the nation moved, when anyone may see it (not an open blind question): drawn on the page and the card. */
  chart?: ChartInput;
  /** Changes whenever the image would: its ETag and the og:image URL's version. */
  version: string;
}

/** The page's #root until the app renders: the question and its history chart, for crawlers and readers without scripts. */
function placeholderOf(shared: Shared): string | undefined {
  if (!shared.chart) return undefined;
  return `<main class="share-history"><h1>${escapeXml(shared.card.text)}</h1><figure>${historyChartSvg(shared.chart, shared.card.id)}</figure></main>`;
}

/** JSON inside a <script> element: `<` escaped so the text can never close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The question's own title, description and link-preview tags, in place of the page's default title and description. */
function headTags(shared: Shared, origin: string): string {
  const { card } = shared;
  const { title, description } = shareText(card);
  const url = `${origin}/q/${card.id}`;
  const image = `${url}/preview.png?v=${shared.version}`;
  const meta = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeXml(value)}">`;
  return [
    meta('name', 'description', description),
    `<title>${escapeXml(title)}</title>`,
    `<link rel="canonical" href="${escapeXml(url)}">`,
    `<link rel="alternate" type="application/json+oembed" href="${escapeXml(`${origin}/oembed?url=${encodeURIComponent(url)}&format=json`)}" title="${escapeXml(card.text)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Mzansi Predicts'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(CARD_WIDTH)),
    meta('property', 'og:image:height', String(CARD_HEIGHT)),
    meta('property', 'og:image:alt', `${card.text} — the national split`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    `<script type="application/json" id="shared-question">${scriptJson(shared.question)}</script>`,
  ].join('\n    ');
}

const isNotFound = (err: unknown) => isGrpcError(err) && err.code === grpc.status.NOT_FOUND;

/**
 * A question's own link, /q/{id}: the app's page (the SPA then shows that question) with Open Graph and Twitter tags,
 * and /q/{id}/preview.png, the 1200 × 630 card rendered from an SVG template by sharp. Only what the public results
 * expose: a published, not archived question and its national split (drafts, deleted and archived questions are a
 * 404, as for /api/questions/{id}/public-results). Cards live `cardTtlMs` in a bounded cache, rendered images (one
 * per card version) in another, and images go out with a version in their URL and an ETag. A deleted or archived
 * question's card is dropped the moment this replica hears of it (`gone`), so its page and image are a 404 at once;
 * an image is only ever served after its card is loaded.
 */
export function shareRouter({ clients, composer, publicUrl, page, cardTtlMs = 30_000, gone }: ShareDeps): Router {
  const origin = publicUrl.replace(/\/+$/, '');
  const host = new URL(origin).host;
  const cards = new MicroCache<Shared>(cardTtlMs, 500);
  const images = new MicroCache<Buffer>(10 * 60_000, 100);
  gone?.onGone((id) => cards.delete(id));
  // A resolution or its correction: the card loads again, and with a new version its image is a new URL.
  gone?.onChanged((id) => cards.delete(id));

  const load = (id: string) =>
    cards.get(id, async () => {
      const [q, counts, histories] = await Promise.all([questionOf(clients, id), composer.counts([id]), historiesOf(clients, [id], HISTORY_MAX_POINTS)]);
      const question = questionJson(q, counts.get(id));
      const history = histories.get(id);
      // The same rule as the figures: an open blind question's movement is nobody's to see on a public page.
      const chart: ChartInput | undefined =
        history && !resultsHiddenFor(q, false)
          ? {
              question: question.text,
              options: question.options,
              points: history.points.map((p) => ({ at: p.at!, percentages: p.counts.map((c) => c.percentage), totalVotes: p.total })),
              publishedAt: history.publishedAt!,
              resolvedAt: history.resolvedAt ?? null,
            }
          : undefined;
      const card: ShareCard = {
        id,
        text: question.text,
        context: question.context,
        day: dayNumber(q.publishedAt ?? q.date ?? q.createdAt ?? new Date()),
        options: question.results.slice(0, 2).map((r) => ({ id: r.optionId, text: r.optionText, percentage: r.percentage })),
        totalVotes: question.totalVotes,
        resolved: question.isResolved,
        correctOptionId: question.correctOptionId,
        resolution: question.resolution && {
          sourceTitle: question.resolution.source.title,
          resolvedAt: question.resolution.resolvedAt,
          corrected: question.resolution.correctedAt !== null,
        },
      };
      const version = createHash('sha1').update(JSON.stringify([card, chart?.points])).digest('base64url').slice(0, 12);
      return { card, question, chart, version };
    });

  const r = Router();
  r.use('/q', compression());

  r.get('/q/:id', async (req: Request, res: Response) => {
    const parsed = IdParams.safeParse(req.params);
    let shared: Shared | undefined;
    try {
      if (parsed.success) shared = await load(parsed.data.id);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (!shared) {
      const html = page?.(req, (head) => `${head}\n    <meta name="robots" content="noindex">`);
      if (!html) throw notFound();
      // A dead link still opens the app (its landing), as a 404 that crawlers do not index.
      res.status(404).set({ 'Cache-Control': 'no-cache', Vary: 'Cookie' }).type('html');
      res.send(html);
      return;
    }
    const html = page?.(req, () => headTags(shared, origin), placeholderOf(shared));
    if (!html) {
      res.status(503).type('text/plain').send('The web app is not built. Run `make up` (or `npm run build -w @mzansi/web`).');
      return;
    }
    // The page differs by session cookie (web.ts); express adds an ETag, so an unchanged page is a 304.
    reflectSaveData(req, res);
    res.set({ 'Cache-Control': 'no-cache', Vary: 'Cookie, Accept-Encoding, Save-Data' }).type('html');
    res.send(html);
  });

  r.get('/q/:id/preview.png', async (req: Request, res: Response) => {
    const id = parse(IdParams, req.params).id;
    const shared = await load(id);
    const etag = `"${shared.version}"`;
    // Crawlers and browsers may keep it a minute, then revalidate with the ETag (a 304 while the card is unchanged, a
    // 404 once the question is deleted or archived); the page's og:image URL carries the version, so a changed split
    // is a new URL.
    res.set({ 'Cache-Control': 'public, max-age=60', ETag: etag });
    if (req.fresh) return void res.status(304).end();
    const png = await images.get(`${id}:${shared.version}`, () =>
      sharp(Buffer.from(cardSvg(shared.card, host, shared.chart && chartElements(shared.chart, CHART_BOX, 22)))).png({ compressionLevel: 9, palette: true }).toBuffer(),
    );
    res.type('png').send(png);
  });

  return r;
}
