import { randomUUID } from 'node:crypto';

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id: the caller's X-Request-Id when it is a plain token of 8–64 characters, else a fresh UUID. */
export function requestIdOf(given: string | undefined): string {
  return given && REQUEST_ID_RE.test(given) ? given : randomUUID();
}
