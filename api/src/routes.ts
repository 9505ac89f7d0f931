import { z } from 'zod';
import { IdParams } from './common.js';
import { route, type Media, type RouteSpec } from './route.js';
import { moderationRoutes } from './routes-moderation.js';
import { questionRoutes } from './routes-questions.js';
import { socialRoutes } from './routes-social.js';
import { userRoutes } from './routes-users.js';
import { passwordResetRoutes } from './password-reset.js';
import { publicRoutes } from './routes-public.js';
import { EmbedQuery, EmbedToken, EmbedTokenBody, OEmbedQuery, OEmbedRich } from './oembed.js';

const HTML = (description: string): Media => ({ media: 'text/html', description });
const Status = (values: [string, ...string[]]) => z.strictObject({ status: z.enum(values) });

/** The gateway's own routes outside the resources: probes, the question's shared link, the API's documentation. */
const gatewayRoutes = {
  'GET /healthz': route({ tag: 'Operations', access: 'public', summary: 'Liveness', responses: { 200: Status(['ok']) } }),
  'GET /readyz': route({ tag: 'Operations', access: 'public', summary: 'Readiness (503 while not ready)', responses: { 200: Status(['ready']), 503: Status(['not ready']) } }),
  'GET /q/{id}': route({ tag: 'Sharing', access: 'public', summary: "A question's own link: the app's page with link-preview tags", params: IdParams, responses: { 200: HTML('The page'), 404: HTML('The app, marked noindex') } }),
  'GET /q/{id}/preview.png': route({
    tag: 'Sharing',
    access: 'public',
    summary: "A question's 1200 × 630 preview card",
    params: IdParams,
    responses: { 200: { media: 'image/png', description: 'The card' }, 304: { media: '', description: 'Not Modified' } },
  }),
  'GET /oembed': route({
    tag: 'Sharing',
    access: 'public',
    summary: "oEmbed 1.0 for a question's own link (/q/{id} on this site only): a `rich` answer with the embed's iframe; 404 for any other URL or an unknown or unpublished question, 501 for format=xml",
    query: OEmbedQuery,
    responses: { 200: OEmbedRich },
  }),
  'GET /embed/q/{id}': route({
    tag: 'Sharing',
    access: 'public',
    summary: "A question made for other sites' iframes (the only page they may frame): the question, YES/NO through the answer popup (the app's page /embed/answer/{id}), results as the blind rule allows; with `t` the reader's own answer and results; 503 without a web build",
    params: IdParams,
    query: EmbedQuery,
    responses: { 200: HTML('The embed') },
  }),
  'POST /api/embed/tokens': route({
    tag: 'Sharing',
    access: 'user',
    summary: 'A 10-minute token for the embed of a question the reader has answered (404 until they have)',
    body: EmbedTokenBody,
    responses: { 201: EmbedToken },
  }),
  'GET /api/openapi.json': route({ tag: 'Documentation', access: 'public', summary: 'This document (OpenAPI 3.1)', responses: { 200: { media: 'application/json', description: 'OpenAPI 3.1' } } }),
  'GET /api/docs': route({ tag: 'Documentation', access: 'public', summary: 'The API reference page', responses: { 200: HTML('The reference') } }),
} as const;

/**
 * Every route the gateway serves, by `METHOD /path` (OpenAPI path syntax): the gateway's handlers are typed against
 * it, the OpenAPI document is generated from it, and the tests check every answer against it.
 */
export const routes = { ...questionRoutes, ...userRoutes, ...passwordResetRoutes, ...socialRoutes, ...moderationRoutes, ...publicRoutes, ...gatewayRoutes } as const satisfies Record<string, RouteSpec>;

export type Routes = typeof routes;
export type RouteKey = keyof Routes;

/** The JSON statuses of a route and the body each one takes (`z.input`: what the handler builds). */
export type ResponseOf<K extends RouteKey, S extends keyof Routes[K]['responses']> = Routes[K]['responses'][S] extends z.ZodType
  ? z.input<Routes[K]['responses'][S]>
  : never;

/** `GET /api/x/{id}` → `["GET", "/api/x/{id}"]`. */
export function splitKey(key: string): [method: string, path: string] {
  const i = key.indexOf(' ');
  return [key.slice(0, i), key.slice(i + 1)];
}

/** The live channel's upgrade path; its messages are `LiveMessage`. */
export const LIVE_PATH = '/ws';
