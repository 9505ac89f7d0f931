import { z } from 'zod';
import { ApiError, ChallengeError, Person } from './common.js';
import { Answer } from './answers.js';
import { LiveMessage } from './live.js';
import { OptionResult, ProvinceBreakdown, Question } from './questions.js';
import { PublicQuestion } from './public-api.js';
import { Official, Prediction, Suggestion } from './research.js';
import { Comment, FriendRequest } from './social.js';
import { User } from './users.js';
import { isMedia, type RouteSpec } from './route.js';
import { LIVE_PATH, routes, splitKey } from './routes.js';

type Json = Record<string, unknown>;

/** The answers' building blocks, written once in the document (components.schemas) and referred to by name. */
const named = z.registry<{ id: string }>();
const BLOCKS = { Question, OptionResult, ProvinceBreakdown, Person, User, Comment, FriendRequest, Answer, Official, Prediction, Suggestion, PublicQuestion };
for (const [id, schema] of Object.entries(BLOCKS)) named.add(schema, { id });

/** A schema in JSON Schema 2020-12; the named blocks it uses are collected into `components`. */
const schemaOf = (schema: z.ZodType, io: 'input' | 'output', components: Record<string, unknown> = {}): Json => {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any', metadata: named }) as Json;
  const { $schema: _drop, $defs, ...rest } = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
  Object.assign(components, $defs ?? {});
  return rest;
};

/** A query or path schema's properties as OpenAPI parameters. */
function parameters(where: 'path' | 'query', schema: z.ZodType | undefined): Json[] {
  // Path and query schemas use no named blocks.
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

const jsonContent = (schema: Json) => ({ content: { 'application/json': { schema } } });

function operation(key: string, spec: RouteSpec, components: Record<string, unknown>): Json {
  const responses: Json = {};
  for (const [status, r] of Object.entries(spec.responses)) {
    if (!r) continue;
    if (isMedia(r)) responses[status] = { description: r.description, ...(r.media && { content: { [r.media]: {} } }) };
    else responses[status] = { description: `HTTP ${status}`, ...jsonContent(schemaOf(r, 'output', components)) };
  }
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const error = key.startsWith('POST /api/auth/') ? { anyOf: [ref('ChallengeError'), ref('ApiError')] } : ref('ApiError');
  responses['4XX'] = { description: 'Refused: `message` says why (with its `code` where it has one)', ...jsonContent(error) };
  responses['5XX'] = { description: 'Unavailable or failed', ...jsonContent(ref('ApiError')) };
  return {
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''),
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.access !== 'public' && { security: [{ session: [] }], description: spec.access === 'admin' ? 'Admins only.' : 'Signed in.' }),
    parameters: [...parameters('path', spec.params), ...parameters('query', spec.query)],
    ...(spec.body && { requestBody: { required: true, ...jsonContent(schemaOf(spec.body, 'input', components)) } }),
    responses,
  };
}

/** The OpenAPI 3.1 document of the HTTP API, generated from the route table. */
export function openApiDocument(version = '1.0.0'): Json {
  const paths: Record<string, Json> = {};
  const components: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(routes) as [string, RouteSpec][]) {
    const [method, path] = splitKey(key);
    (paths[path] ??= {})[method.toLowerCase()] = operation(key, spec, components);
  }
  const live = schemaOf(LiveMessage, 'output', components);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mzansi Predicts API',
      version,
      description: `The gateway's HTTP API. Writes need the session cookie and a same-origin request. The live channel is a websocket at ${LIVE_PATH}; its messages are \`LiveMessage\` (components).`,
    },
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      schemas: { ...components, ApiError: schemaOf(ApiError, 'output'), ChallengeError: schemaOf(ChallengeError, 'output'), LiveMessage: live },
    },
  };
}
