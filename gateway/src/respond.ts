import type { Response } from 'express';

/**
 * A JSON answer written directly: the status, Content-Type and Content-Length, and the body in the same write as
 * the headers. What res.json does for the vote's answer, minus its per-response work that a no-store write's
 * answer has no use for (an ETag hashed from the body, freshness checks, Content-Type negotiation).
 */
export function writeJson(res: Response, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
