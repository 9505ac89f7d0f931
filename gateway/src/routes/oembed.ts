import { Router } from 'express';
import { OEmbedQuery, type OEmbedRich } from '@mzansi/api';
import { EMBED_HEIGHT, EMBED_WIDTH, embedIframeHtml } from '@mzansi/api/rules';
import type { Clients } from '../clients.js';
import { HttpError, ISSUE_MESSAGE, notFound, parse } from '../errors.js';
import { send } from '../respond.js';
import { questionOf } from './voting.js';

const QUESTION_PATH = /^\/q\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The question id of one of this site's own question links (`origin`/q/{id}), else undefined. */
export function ownQuestionId(url: string, origin: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.origin !== origin || parsed.username || parsed.password) return undefined;
  return QUESTION_PATH.exec(parsed.pathname)?.[1]?.toLowerCase();
}

/**
 * GET /oembed (oEmbed 1.0, https://oembed.com): for a question's own link on this site, a `rich` answer whose html
 * is the embed's iframe, no larger than the consumer's maxwidth / maxheight. Any other URL, an unknown, unpublished
 * or archived question: 404; format=xml: 501 (JSON only).
 */
export function oembedRouter({ clients, publicUrl }: { clients: Clients; publicUrl: string }): Router {
  const origin = new URL(publicUrl).origin;
  const r = Router();
  r.get('/oembed', async (req, res) => {
    const query = parse(OEmbedQuery, req.query, ISSUE_MESSAGE);
    if (query.format === 'xml') throw new HttpError(501, 'Only format=json is available');
    const id = ownQuestionId(query.url, origin);
    if (!id) throw notFound('Not a question of this site');
    const q = await questionOf(clients, id);
    if (!q.isPublished || q.isArchived) throw notFound('Question not found');
    const width = Math.min(EMBED_WIDTH, query.maxwidth ?? EMBED_WIDTH);
    const height = Math.min(EMBED_HEIGHT, query.maxheight ?? EMBED_HEIGHT);
    const body: OEmbedRich = {
      type: 'rich',
      version: '1.0',
      title: q.text,
      provider_name: 'Mzansi Predicts',
      provider_url: `${origin}/`,
      cache_age: 3600,
      html: embedIframeHtml(origin, id, q.text, width, height),
      width,
      height,
    };
    res.set({ 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' });
    send(res, 'GET /oembed', 200, body);
  });
  return r;
}
