import { messageCode } from './message-codes.js';

/**
 * Errors the domain raises, with a code the transport maps to its own status
 * (gRPC status in services, HTTP status in the gateway). The message is shown to users; a declared message
 * (message-codes.ts) also carries its `messageCode` (and `params`, the numbers its translation needs) to the web.
 */
export type AppErrorCode =
  | 'INVALID_ARGUMENT'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'FAILED_PRECONDITION'
  | 'PERMISSION_DENIED'
  | 'UNAUTHENTICATED'
  | 'RESOURCE_EXHAUSTED'
  | 'UNAVAILABLE';

export class AppError extends Error {
  readonly messageCode: string | undefined;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly params?: Record<string, number>,
  ) {
    super(message);
    this.name = 'AppError';
    this.messageCode = messageCode(message);
  }
}

type Params = Record<string, number>;
export const invalid = (message: string, params?: Params) => new AppError('INVALID_ARGUMENT', message, params);
export const notFound = (message: string, params?: Params) => new AppError('NOT_FOUND', message, params);
export const alreadyExists = (message: string, params?: Params) => new AppError('ALREADY_EXISTS', message, params);
export const conflict = (message: string, params?: Params) => new AppError('FAILED_PRECONDITION', message, params);
export const forbidden = (message: string, params?: Params) => new AppError('PERMISSION_DENIED', message, params);
export const unauthenticated = (message: string, params?: Params) => new AppError('UNAUTHENTICATED', message, params);

/** PostgreSQL error codes that mean "the database is not reachable right now". */
const UNAVAILABLE_PG_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
const UNAVAILABLE_NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

/** True when an error means a dependency (database, broker) is down, not that the request was bad. */
export function isUnavailableError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_PG_CODES.has(e.code) || UNAVAILABLE_NET_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable/i.test(e.message)) return true;
  return e.cause !== undefined && e.cause !== err ? isUnavailableError(e.cause) : false;
}

/** True for PostgreSQL unique violations (optionally on a named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID (ids arriving over gRPC are checked before they reach a uuid column). */
export const isUuid = (s: string): boolean => UUID_RE.test(s);
