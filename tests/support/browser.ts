import { expect } from 'vitest';

/** The tests' browser (tests/api, security, faults, cluster): fetch with a cookie jar, and the cookies it reads. */

export interface SetCookie {
  name: string;
  value: string;
  attrs: Record<string, string | true>;
  raw: string;
}

export function parseSetCookie(raw: string): SetCookie {
  const [pair, ...rest] = raw.split(';');
  const eq = pair!.indexOf('=');
  const attrs: Record<string, string | true> = {};
  for (const part of rest) {
    const p = part.trim();
    if (!p) continue;
    const i = p.indexOf('=');
    if (i < 0) attrs[p.toLowerCase()] = true;
    else attrs[p.slice(0, i).toLowerCase()] = p.slice(i + 1);
  }
  return { name: pair!.slice(0, eq).trim(), value: pair!.slice(eq + 1).trim(), attrs, raw };
}

/** The session id inside an express-session cookie value (`s:<id>.<signature>`). */
export function sessionIdOf(cookieValue: string): string {
  const v = decodeURIComponent(cookieValue);
  expect(v).toMatch(/^s:[^.]+\..+$/);
  return v.slice(2, v.indexOf('.'));
}

export interface Res {
  status: number;
  headers: Headers;
  text: string;
  json: any;
  setCookies: SetCookie[];
  /** How long the request took, reply read. */
  ms: number;
}

export interface RequestOptions {
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  cookie?: string | null;
  /** Abort the request after this long (it then rejects, like a network error). */
  timeoutMs?: number;
}

/** A check of every answer a browser receives (tests/api: the contract); it throws to fail the request. */
export type ResponseCheck = (method: string, path: string, res: Res) => void;

/** A tiny browser: fetch with a cookie jar. */
export class Browser {
  /** Run on every answer of every browser (set by a suite's setup file). */
  static check: ResponseCheck | undefined;
  cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** The same cookies (the session) against another base URL, e.g. another gateway replica. */
  withBase(base: string): this {
    const other = new (this.constructor as new (base: string, headers: Record<string, string>) => this)(base, this.defaultHeaders);
    other.cookies = this.cookies;
    return other;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async req(method: string, path: string, opts: RequestOptions = {}): Promise<Res> {
    const started = Date.now();
    const headers: Record<string, string> = { ...this.defaultHeaders };
    let body: string | undefined = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, opts.headers);
    // `cookie: null` sends none; a string sends exactly that; otherwise the jar.
    const cookie = opts.cookie === undefined ? this.cookieHeader : opts.cookie;
    if (cookie) headers.cookie = cookie;
    const signal = opts.timeoutMs === undefined ? undefined : AbortSignal.timeout(opts.timeoutMs);
    const res = await fetch(this.base + path, { method, headers, body, redirect: 'manual', signal });
    const setCookies = res.headers.getSetCookie().map(parseSetCookie);
    for (const c of setCookies) {
      const expired = c.attrs.expires && Date.parse(String(c.attrs.expires)) <= Date.now();
      if (!c.value || expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const out = { status: res.status, headers: res.headers, text, json, setCookies, ms: Date.now() - started };
    Browser.check?.(method, path, out);
    return out;
  }

  get = (path: string, opts?: RequestOptions) => this.req('GET', path, opts);
  post = (path: string, json?: unknown, opts: RequestOptions = {}) => this.req('POST', path, { json, ...opts });
  put = (path: string, json?: unknown, opts: RequestOptions = {}) => this.req('PUT', path, { json, ...opts });
  patch = (path: string, json?: unknown, opts: RequestOptions = {}) => this.req('PATCH', path, { json, ...opts });
}
