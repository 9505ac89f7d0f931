import type { Response } from 'express';
import type { ResponseOf, RouteKey, Routes } from '@mzansi/api';

/** The statuses a route answers with a JSON body. */
type JsonStatus<K extends RouteKey> = { [S in keyof Routes[K]['responses']]: ResponseOf<K, S> extends never ? never : S }[keyof Routes[K]['responses']];

/**
 * Sends a route's JSON answer, the body typed by the contract (@mzansi/api) for that route and status: checked when
 * the gateway compiles, never parsed again per request (the tests validate what is sent).
 */
export function send<K extends RouteKey, S extends JsonStatus<K> & number>(res: Response, _route: K, status: S, body: ResponseOf<K, S>): void {
  res.status(status).json(body);
}

/** A route's JSON body, typed by the contract: for answers built ahead of their sending (cached reads). */
export const bodyOf = <K extends RouteKey, S extends JsonStatus<K> & number>(_route: K, _status: S, body: ResponseOf<K, S>) => body;

/**
 * A JSON answer written directly: the status, Content-Type and Content-Length, and the body in the same write as
 * the headers. What res.json does for the vote's answer, minus its per-response work that a no-store write's
 * answer has no use for (an ETag hashed from the body, freshness checks, Content-Type negotiation).
 */
export function writeJson<K extends RouteKey, S extends JsonStatus<K> & number>(res: Response, _route: K, status: S, value: ResponseOf<K, S>): void {
  const text = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
