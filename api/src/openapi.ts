import { z } from 'zod';
import { ApiError, ChallengeError } from './common.js';
import { LiveMessage } from './live.js';
import { isMedia, type RouteSpec } from './route.js';
import { LIVE_PATH, routes, splitKey } from './routes.js';

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
  return rest;
};

/** A query or path schema's properties as OpenAPI parameters. */
function parameters(where: 'path' | 'query', schema: z.ZodType | undefined): Json[] {
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

function operation(key: string, spec: RouteSpec): Json {
  const responses: Json = {};
  for (const [status, r] of Object.entries(spec.responses)) {
    if (!r) continue;
    if (isMedia(r)) responses[status] = { description: r.description, ...(r.media && { content: { [r.media]: {} } }) };
    else responses[status] = { description: `HTTP ${status}`, ...jsonContent(schemaOf(r, 'output')) };
  }
  const error = key.startsWith('POST /api/auth/') ? ChallengeError.or(ApiError) : ApiError;
  responses['4XX'] = { description: 'Refused: `message` says why (with its `code` where it has one)', ...jsonContent(schemaOf(error, 'output')) };
  responses['5XX'] = { description: 'Unavailable or failed', ...jsonContent(schemaOf(ApiError, 'output')) };
  return {
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''),
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.access !== 'public' && { security: [{ session: [] }], description: spec.access === 'admin' ? 'Admins only.' : 'Signed in.' }),
    parameters: [...parameters('path', spec.params), ...parameters('query', spec.query)],
    ...(spec.body && { requestBody: { required: true, ...jsonContent(schemaOf(spec.body, 'input')) } }),
    responses,
  };
}

/** The OpenAPI 3.1 document of the HTTP API, generated from the route table. */
export function openApiDocument(version = '1.0.0'): Json {
  const paths: Record<string, Json> = {};
  for (const [key, spec] of Object.entries(routes) as [string, RouteSpec][]) {
    const [method, path] = splitKey(key);
    (paths[path] ??= {})[method.toLowerCase()] = operation(key, spec);
  }
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
      schemas: { ApiError: schemaOf(ApiError, 'output'), LiveMessage: schemaOf(LiveMessage, 'output') },
    },
  };
}
