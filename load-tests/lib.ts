/**
 * Shared helpers for the k6 scripts (k6 ≥ 0.57 runs TypeScript directly: `k6 run load-tests/smoke.ts`).
 * Everything is configured through environment variables (`k6 run -e BASE_URL=https://… …`).
 */
import http from 'k6/http';
import { check } from 'k6';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
export const WS_URL = BASE_URL.replace(/^http/, 'ws') + '/ws';
/** The app's own origin: writes from any other origin are refused (CSRF guard). */
export const ORIGIN = BASE_URL;

export const JSON_HEADERS = { 'Content-Type': 'application/json', Origin: ORIGIN };

export interface Question {
  id: string;
  text: string;
  options: { id: string; text: string }[];
  publishedAt: string | null;
}

/** Logs in with the given credentials; the returned cookie header value carries the session. */
export function login(username: string, password: string): string | null {
  const jar = http.cookieJar();
  const res = http.post(`${BASE_URL}/api/auth/login`, JSON.stringify({ username, password }), {
    headers: JSON_HEADERS,
    tags: { name: 'login' },
  });
  const ok = check(res, { 'login 200': (r) => r.status === 200 });
  if (!ok) return null;
  const cookies = jar.cookiesForURL(BASE_URL);
  const name = cookies['__Host-sid'] ? '__Host-sid' : 'sid';
  const value = cookies[name]?.[0];
  return value ? `${name}=${value}` : null;
}

export function userIdOf(cookie: string): string | null {
  const res = http.get(`${BASE_URL}/api/auth/me`, { headers: { Cookie: cookie }, tags: { name: 'me' } });
  if (res.status !== 200) return null;
  return (res.json() as { id: string }).id;
}

export function sleepMs(ms: number): number {
  return Math.max(0, ms) / 1000;
}
