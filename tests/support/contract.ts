import { ApiError, ChallengeError, isMedia, LiveMessage, routes, splitKey, type RouteSpec } from '@mzansi/api';

/** The table's routes as matchers: `{id}` is one path segment; literal segments win over parameters. */
const matchers = (Object.entries(routes) as [string, RouteSpec][])
  .map(([key, spec]) => {
    const [method, path] = splitKey(key);
    const literal = path.split('/').filter((s) => s && !s.startsWith('{')).length;
    const re = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
    return { key, method, re, literal, spec };
  })
  .sort((a, b) => b.literal - a.literal);

/** The contract's route for a request (method and path, query ignored), if the table has one. */
export function routeOf(method: string, url: string): { key: string; spec: RouteSpec } | undefined {
  const path = url.split('?')[0]!;
  const m = method === 'HEAD' ? 'GET' : method;
  return matchers.find((r) => r.method === m && r.re.test(path));
}

const issues = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`)
    .join('; ');

/**
 * What is wrong with an answer of the API, measured against the contract (@mzansi/api), or undefined when it
 * conforms: an error status must carry an `ApiError`; a success must be a status the route documents, with a body
 * its schema accepts (or the media type it names). A route the table does not know may only be refused.
 */
export function contractProblem(method: string, url: string, res: { status: number; json: unknown; text: string; headers: Headers }): string | undefined {
  if (method === 'OPTIONS') return undefined;
  const where = `${method} ${url} → ${res.status}`;
  const route = routeOf(method, url);
  const body = method === 'HEAD' ? undefined : res.json;
  if (res.status >= 400) {
    if (method === 'HEAD' || res.text === '') return undefined;
    const error = route?.key.startsWith('POST /api/auth/') ? ChallengeError.or(ApiError) : ApiError;
    const parsed = error.safeParse(body);
    return parsed.success ? undefined : `${where}: not an ApiError (${issues(parsed.error)}): ${res.text.slice(0, 200)}`;
  }
  if (!route) return `${where}: no route of the contract answers this`;
  // A conditional GET's "unchanged" (If-None-Match against the ETag express gives every GET answer): no body.
  if (res.status === 304 && (method === 'GET' || method === 'HEAD')) return undefined;
  const expected = route.spec.responses[res.status];
  if (!expected) return `${where}: ${route.key} documents no ${res.status}`;
  if (isMedia(expected)) {
    const type = res.headers.get('content-type') ?? '';
    const media = expected.media.replace('/*', '/');
    return !media || type.startsWith(media) ? undefined : `${where}: ${type} is not ${expected.media}`;
  }
  if (method === 'HEAD') return undefined;
  const parsed = expected.safeParse(body);
  return parsed.success ? undefined : `${where}: the body does not match ${route.key} (${issues(parsed.error)}): ${res.text.slice(0, 300)}`;
}

/** What is wrong with a message of the live channel, or undefined when it is one the contract names. */
export function liveMessageProblem(message: unknown): string | undefined {
  const parsed = LiveMessage.safeParse(message);
  return parsed.success ? undefined : `live message does not match the contract (${issues(parsed.error)}): ${JSON.stringify(message).slice(0, 300)}`;
}
