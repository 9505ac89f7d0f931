import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import { CODE_RE, ERROR_CODE_HEADER, ERROR_PARAMS_HEADER, grpc, isGrpcError, type Logger } from '@mzansi/kit/base';
import { z } from 'zod';
import type { ResolutionCode } from '@mzansi/api';
import { isRedisUnavailable } from './redis.js';

/**
 * Stable codes of the gateway's own fixed messages, sent as `{message, code}` so that the web can show them in the
 * reader's language (its catalogues' `error.<code>`); `message` stays the English text. The services'
 * fixed messages bring their own codes (kit message-codes.ts, passed on by fromGrpc); messages with details in them
 * (a zod problem's field) have none.
 */
export type ErrorCode =
  | 'unavailable'
  | 'timeout'
  | 'internal'
  | 'signInRequired'
  | 'forbidden'
  | 'adminOnly'
  | 'notYours'
  | 'notFound'
  | 'bodyTooLarge'
  | 'badJson'
  | 'crossSite'
  // 429s (rate-limit.ts): commenting too fast (with `params.seconds`, the wait), the login/signup check.
  | 'commentTooFast'
  | 'checkRequired'
  | 'checkInvalid'
  | 'checkExpired'
  | 'checkUsed'
  | 'signupCheckRequired'
  // 400s of the gateway's own checks that the web's forms can meet (the services' words, the same codes).
  | 'userRequired'
  | 'userConsent'
  | 'loginRequired'
  | 'userBadLogin'
  | 'notSignedIn'
  | 'chooseOption'
  | 'chooseCorrectOption'
  | 'scheduleRequired'
  | 'confidenceRange'
  | 'socialSearchShort'
  | 'commentTooLarge'
  | 'uploadTooLarge'
  | 'subscriptionEndpointInvalid'
  | 'deleteAccountPasswordRequired'
  | 'verifyInvalidLink'
  | 'resetInvalidLink'
  | 'mailBadConfirm'
  | 'mailBadUnsubscribe'
  // 403s of a suspended account (routes/moderation.ts): until a date (`params` year, month, day) or permanently.
  | 'accountSuspended'
  | 'accountSuspendedPermanently'
  // 400s of a resolution's source, note and correction reason (the questions service's words, the same codes).
  | ResolutionCode;

/**
 * An error with an HTTP status and a message users may see; `params` are the numbers a coded message's
 * translation needs (sent as `params`, e.g. the seconds to wait).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** An ErrorCode, or a service's code passed on by fromGrpc (kit message-codes.ts; letters only, checked). */
    readonly code?: string,
    readonly params?: Record<string, number>,
  ) {
    super(message);
  }
}

export const badRequest = (m: string, code?: ErrorCode, params?: Record<string, number>) => new HttpError(400, m, {}, code, params);
export const unauthorized = (m?: string) => new HttpError(401, m ?? 'Please sign in to continue', {}, m ? undefined : 'signInRequired');
export const forbidden = (m?: string) => new HttpError(403, m ?? 'You are not allowed to do that', {}, m ? undefined : 'forbidden');
export const notFound = (m?: string) => new HttpError(404, m ?? 'Not found', {}, m ? undefined : 'notFound');
/** 403 with a fixed message that has a code. */
export const forbiddenAs = (code: ErrorCode, m: string) => new HttpError(403, m, {}, code);

const GRPC_TO_HTTP: Partial<Record<grpc.status, number>> = {
  [grpc.status.INVALID_ARGUMENT]: 400,
  [grpc.status.OUT_OF_RANGE]: 400,
  [grpc.status.UNAUTHENTICATED]: 401,
  [grpc.status.PERMISSION_DENIED]: 403,
  [grpc.status.NOT_FOUND]: 404,
  [grpc.status.ALREADY_EXISTS]: 409,
  [grpc.status.FAILED_PRECONDITION]: 409,
  [grpc.status.ABORTED]: 409,
  [grpc.status.RESOURCE_EXHAUSTED]: 429,
  [grpc.status.UNAVAILABLE]: 503,
  [grpc.status.DEADLINE_EXCEEDED]: 504,
};

export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again shortly.';
export const TIMEOUT_MESSAGE = 'The service took too long to answer. Please try again.';

/** gRPC status → HTTP status and a message fit to show (details for client errors, fixed text otherwise). */
export function fromGrpc(err: grpc.ServiceError): HttpError {
  const status = GRPC_TO_HTTP[err.code] ?? 500;
  if (status === 503) return new HttpError(503, UNAVAILABLE_MESSAGE, {}, 'unavailable');
  if (status === 504) return new HttpError(504, TIMEOUT_MESSAGE, {}, 'timeout');
  if (status >= 500) return internalError();
  const { code, params } = codeOf(err.metadata);
  return new HttpError(status, err.details || 'Request failed', {}, code, params);
}

/**
 * The code (and numbers) a service sent with its message (kit grpc.ts: trailing metadata), checked: a code is letters
 * only, params a flat object of finite numbers with letter-only names; anything else is dropped (the English stays).
 */
export function codeOf(metadata: grpc.Metadata | undefined): { code?: string; params?: Record<string, number> } {
  const code = metadata?.get(ERROR_CODE_HEADER)[0];
  if (typeof code !== 'string' || code.length > 64 || !CODE_RE.test(code)) return {};
  const raw = metadata?.get(ERROR_PARAMS_HEADER)[0];
  if (typeof raw !== 'string' || raw.length > 512) return { code };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { code };
    const entries = Object.entries(parsed);
    const numbers = entries.every(([k, v]) => CODE_RE.test(k) && typeof v === 'number' && Number.isFinite(v));
    return numbers && entries.length > 0 ? { code, params: Object.fromEntries(entries) as Record<string, number> } : { code };
  } catch {
    return { code };
  }
}

const internalError = () => new HttpError(500, 'Something went wrong. Please try again.', {}, 'internal');

/** For `parse`: the first problem's own message as it is, without its field (schemas whose messages are written for readers). */
export const ISSUE_MESSAGE = Symbol('the first issue’s own message');

/** A message for a request part's first problem, chosen from the problem (its field, its own words). */
export type IssueMessage = (issue: z.core.$ZodIssue) => string;

/**
 * Validates a request part with zod; the first problem becomes a 400 with a readable message: `message` (with its
 * `code`) whatever the problem; the problem's own message (`ISSUE_MESSAGE`); the one a function picks for it; else
 * `field: problem`.
 */
export function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  message?: string | typeof ISSUE_MESSAGE | IssueMessage,
  code?: ErrorCode,
  params?: Record<string, number>,
): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  if (typeof message === 'string' && message) throw badRequest(message, code, params);
  const issue = result.error.issues[0]!;
  if (typeof message === 'function') throw badRequest(message(issue));
  const field = message === ISSUE_MESSAGE ? '' : issue.path.join('.');
  throw badRequest(field ? `${field}: ${issue.message}` : issue.message);
}

/** The body of an error answer: `{"message"}`, with its `code` and `params` where it has them. */
export const errorBody = (http: HttpError) => ({
  message: http.message,
  ...(http.code && { code: http.code }),
  ...(http.params && { params: http.params }),
});

/** The one error middleware: `{"message"}` bodies, right statuses, never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    let http: HttpError;
    if (err instanceof HttpError) http = err;
    else if (isGrpcError(err)) http = fromGrpc(err);
    else if (isBodyParserError(err)) http = bodyParserError(err);
    else if (err instanceof URIError) http = new HttpError(400, 'Malformed URL');
    else if (isRedisUnavailable(err)) http = new HttpError(503, UNAVAILABLE_MESSAGE, { 'Retry-After': '5' }, 'unavailable');
    else http = fromClientError(err) ?? internalError();

    if (http.status >= 500) logger.error({ err, method: req.method, url: req.originalUrl }, 'request failed');
    if (res.headersSent) return;
    if (!res.get('Cache-Control')) res.set('Cache-Control', 'no-store');
    res.set(http.headers).status(http.status).json(errorBody(http));
  };
}

/**
 * The 4xx status of an error from express's own stack (http-errors: the static file server's 400 / 403 / 404 /
 * 416, the router's), which keeps its status with a standard text; anything else is a 500.
 */
function fromClientError(err: unknown): HttpError | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { status?: unknown; statusCode?: unknown };
  const status = typeof e.status === 'number' ? e.status : e.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  return status === 404 ? notFound() : new HttpError(status, STATUS_CODES[status] ?? 'Bad request');
}

function isBodyParserError(err: unknown): err is { type: string; status: number } {
  return !!err && typeof err === 'object' && typeof (err as { type?: unknown }).type === 'string' && 'status' in err;
}

function bodyParserError(err: { type: string; status: number }): HttpError {
  switch (err.type) {
    case 'entity.too.large':
      return new HttpError(413, 'Request body is too large', {}, 'bodyTooLarge');
    case 'entity.parse.failed':
      return new HttpError(400, 'Request body is not valid JSON', {}, 'badJson');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'Unsupported body encoding');
    default:
      return new HttpError(err.status >= 400 && err.status < 500 ? err.status : 400, 'Bad request body');
  }
}
