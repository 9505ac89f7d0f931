// HTTP helpers (spec §7, §8). Every request carries the session cookie.
import { currentLanguage, i18n } from '../i18n';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A failed answer from the API: its status, the server's `{"message"}` (else the status text), and the gateway's
 * `code` and `params` where it sent them (gateway/src/errors.ts). Read tolerantly: an app cached by the service worker
 * may meet a newer server, so a field of the wrong type is dropped, never thrown over.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** A stable code the catalogue translates (`error.<code>`); letters only. */
  readonly code?: string;
  /** The numbers a coded message's translation needs (the seconds to wait…). */
  readonly params?: Record<string, number>;
  /** Whether `message` is the server's own words (a JSON `{"message"}`), not just the status text. */
  readonly fromServer: boolean;
  /** A 429 asking for a solved proof-of-work with the next try (the sign-in check). */
  readonly challengeRequired: boolean;

  constructor(status: number, message: string, extra: { code?: string; params?: Record<string, number>; fromServer?: boolean; challengeRequired?: boolean } = {}) {
    super(message);
    this.status = status;
    if (extra.code !== undefined) this.code = extra.code;
    if (extra.params !== undefined) this.params = extra.params;
    this.fromServer = extra.fromServer ?? false;
    this.challengeRequired = extra.challengeRequired ?? false;
  }

  /** The error a non-OK response stands for (reads its body). */
  static async from(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (e.g. a proxy's HTML error page): the status text stands in.
    }
    const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const fromServer = typeof b.message === 'string' && b.message.trim() !== '';
    const code = typeof b.code === 'string' && /^[a-zA-Z]+$/.test(b.code) ? b.code : undefined;
    const params = numbersOf(b.params);
    return new ApiError(res.status, fromServer ? (b.message as string) : res.statusText || String(res.status), {
      ...(code && { code }),
      ...(Object.keys(params).length > 0 && { params }),
      fromServer,
      challengeRequired: b.challengeRequired === true,
    });
  }
}

/** Throws an `ApiError` for a non-OK response. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) throw await ApiError.from(res);
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

/**
 * GET `url` as JSON; on 401 either throw or resolve with null. `signal` aborts it: only where a newer request
 * supersedes it (a search as the reader types).
 */
export async function loadJson<T>(url: string, on401: UnauthorizedBehavior, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (on401 === 'returnNull' && res.status === 401) {
    return null as T;
  }
  await throwIfResNotOk(res);
  return readJson<T>(res);
}

/**
 * The default data loader: GET the joined query key. It leaves TanStack's signal alone: a loader that reads it is
 * cancelled when the last component showing the query unmounts, so the one that takes its place (an answered card
 * giving way to its results, both showing the same figures) asks again; a read the cache keeps is worth finishing.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T> => loadJson<T>(queryKeyToUrl(queryKey), options.on401);
}

/**
 * A list in an answer, read tolerantly: an app cached by the service worker may meet an older or newer server, so
 * anything but an array reads as none, and its items are taken as the contract's type (a field the UI relies on
 * that could be missing is defaulted where it is read).
 */
export function readList<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data as T[]) : [];
}

/** A map in an answer (id -> value), read like `readList`: anything but a plain object reads as empty. */
export function readRecord<T>(data: unknown): Record<string, T> {
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, T>) : {};
}

const loadThrowing = getQueryFn<unknown>({ on401: 'throw' });

/** The default loader (GET the joined key) for a list: `readList` of the answer. */
export function getListFn<T>() {
  return async (context: { queryKey: readonly unknown[] }): Promise<T[]> => readList<T>(await loadThrowing(context));
}

/** The default loader for a map by id: `readRecord` of the answer. */
export function getRecordFn<T>() {
  return async (context: { queryKey: readonly unknown[] }): Promise<Record<string, T>> => readRecord<T>(await loadThrowing(context));
}

/** The HTTP status of a failed request (`ApiError`); undefined for anything else (no connection: fetch threw). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/**
 * The gateway's fixed messages come with a stable code (`{message, code}`): in a language other than English the
 * catalogue's `error.<code>` shows instead (the catalogue is loaded whole); in English, or for a code the catalogue
 * lacks, the server's English text.
 */
function messageForCode(code: string, params: Record<string, number> = {}): string | undefined {
  if (currentLanguage() === 'en') return undefined;
  const key = `error.${code}`;
  return key in i18n.messages ? i18n._(key, params, { formats: MESSAGE_FORMATS }) : undefined;
}

/** Number styles a coded message may name: `{minute, number, twoDigits}` writes 5 as "05" (a time of day: 18:05). */
const MESSAGE_FORMATS = { twoDigits: { minimumIntegerDigits: 2, useGrouping: false } } as const;

/** A coded message's `params` (the seconds to wait…): a flat object of numbers named in letters, anything else dropped. */
function numbersOf(params: unknown): Record<string, number> {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return {};
  return Object.fromEntries(
    Object.entries(params).filter((e): e is [string, number] => /^[a-zA-Z]+$/.test(e[0]) && typeof e[1] === 'number' && Number.isFinite(e[1])),
  );
}

/**
 * The server's `{"message"}` of a failed request, for toasts (in the reader's language where it has a code:
 * messageForCode). Falls back to `fallback` for network errors, bodies without a message and anything else.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.fromServer) return fallback;
  return (error.code && messageForCode(error.code, error.params)) || error.message;
}
