/**
 * Errors the domain raises, with a code the transport maps to its own status
 * (gRPC status in services, HTTP status in the gateway). The message is shown to users.
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
  constructor(
    readonly code: AppErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const invalid = (message: string) => new AppError('INVALID_ARGUMENT', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const alreadyExists = (message: string) => new AppError('ALREADY_EXISTS', message);
export const conflict = (message: string) => new AppError('FAILED_PRECONDITION', message);
export const forbidden = (message: string) => new AppError('PERMISSION_DENIED', message);
export const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message);

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
