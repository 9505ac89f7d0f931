// HTTP helpers (spec §7, §8). Every request carries the session cookie.
import { currentLanguage, i18n } from '../i18n';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Throws `Error("{status}: {body text}")`, or `"{status}: {statusText}"` when the body is empty. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** Sends a request; a body is sent as JSON. Resolves with the (OK) response. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** Parses a response body as JSON; an empty body (e.g. 204) gives null. */
export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** `apiRequest` plus JSON parsing of the answer. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return readJson<T>(await apiRequest(method, url, body));
}

/** Query key segments joined by "/": ['/api/users', id, 'stats'] -> '/api/users/<id>/stats'. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map((segment) => String(segment)).join('/');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data loader: GET the joined query key; on 401 either throw or resolve with null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }): Promise<T> => {
    const res = await fetch(queryKeyToUrl(queryKey), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) {
      return null as T;
    }
    await throwIfResNotOk(res);
    return readJson<T>(res);
  };
}

const STATUS_ERROR = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status of an error raised by `apiRequest`/`getQueryFn`, if it is one. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = STATUS_ERROR.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/**
 * The gateway's fixed messages come with a stable code (`{message, code}`): in a language other than English the
 * catalogue's `error.<code>` shows instead (the catalogue is loaded whole); in English, or for a code the catalogue
 * lacks, the server's English text.
 */
function messageForCode(code: string, params: unknown): string | undefined {
  if (currentLanguage() === 'en' || !/^[a-zA-Z]+$/.test(code)) return undefined;
  const key = `error.${code}`;
  return key in i18n.messages ? i18n._(key, numbersOf(params)) : undefined;
}

/** A coded message's `params` (the seconds to wait…): numbers only, anything else dropped. */
function numbersOf(params: unknown): Record<string, number> {
  if (!params || typeof params !== 'object') return {};
  return Object.fromEntries(Object.entries(params).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])));
}

/**
 * The server's `{"message"}` from an error raised by `apiRequest`, for toasts (in the reader's language where it has
 * a code: messageForCode). Falls back to `fallback` for network errors, non-JSON bodies and anything else.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = STATUS_ERROR.exec(error.message);
  if (!match) return fallback;
  try {
    const parsed: unknown = JSON.parse(match[2] ?? '');
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message, code, params } = parsed as { message: unknown; code?: unknown; params?: unknown };
      if (typeof message === 'string' && message.trim()) return (typeof code === 'string' && messageForCode(code, params)) || message;
    }
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): use the fallback.
  }
  return fallback;
}
