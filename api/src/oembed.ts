import { z } from 'zod';
import { uuidAnyCase } from './common.js';
import type { PublicQuestionDetail } from './public-api.js';


const dimension = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).max(10_000, `${name} is too large`).optional();

/** GET /oembed (oEmbed 1.0): the question's link, the consumer's maximum size, the format (json; xml is 501). */
export const OEmbedQuery = z.object({
  url: z.string({ error: 'url is required' }).min(1, 'url is required').max(2_000, 'url is too long'),
  maxwidth: dimension('maxwidth'),
  maxheight: dimension('maxheight'),
  format: z.enum(['json', 'xml'], { error: 'format must be json' }).default('json'),
});

/** An oEmbed 1.0 `rich` response: the iframe of /embed/q/{id}, every value in it escaped. */
export const OEmbedRich = z.strictObject({
  type: z.literal('rich'),
  version: z.literal('1.0'),
  title: z.string(),
  provider_name: z.literal('Mzansi Predicts'),
  provider_url: z.string(),
  cache_age: z.number().int().positive(),
  html: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

export type OEmbedRich = z.infer<typeof OEmbedRich>;

/** How long an embed token (the reader's own results in the frame, for one question) stays valid. */
export const EMBED_TOKEN_TTL_MS = 10 * 60_000;

/**
 * GET /embed/q/{id}: the language and colour scheme of the frame, and `t`, the token the answer popup handed the
 * frame (POST /api/embed/tokens): with it the frame shows the reader's answer and the results.
 */
export const EmbedQuery = z.object({
  lang: z.enum(['en', 'zu', 'af', 'st'], { error: 'lang must be one of en, zu, af, st' }).default('en'),
  theme: z.enum(['light', 'dark'], { error: 'theme must be light or dark' }).default('light'),
  t: z.string().max(400, 't is too long').optional(),
});

/** POST /api/embed/tokens: the question the signed-in reader has just answered in the answer popup. */
export const EmbedTokenBody = z.strictObject({ questionId: uuidAnyCase('questionId must be a question id') });

/** A short-lived token for one question and one reader (valid until `expiresAt`). */
export const EmbedToken = z.strictObject({ token: z.string(), expiresAt: z.iso.datetime({ offset: true }) });

export type EmbedQuery = z.infer<typeof EmbedQuery>;
export type EmbedToken = z.infer<typeof EmbedToken>;

/**
 * What the server renders the embed from (the gateway builds it, the web's renderer draws it): the question as the
 * public API shows it — its results as this reader may see them (a token's reader who answered a blind question
 * sees its figures) — the reader's answer, the colour scheme and the product's origin for the links back.
 */
export interface EmbedView {
  /** The language the reader asked for (the page's words); the question's texts are in `question.lang`. */
  lang: PublicQuestionDetail['lang'];
  question: PublicQuestionDetail;
  answeredOptionId: string | null;
  theme: 'light' | 'dark';
  origin: string;
}
