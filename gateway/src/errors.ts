import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import { grpc, isGrpcError, type Logger } from '@mzansi/kit/base';
import { z } from 'zod';
import { isRedisUnavailable } from './redis.js';

/** An error with an HTTP status and a message users may see. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = 'Please sign in to continue') => new HttpError(401, m);
export const forbidden = (m = 'You are not allowed to do that') => new HttpError(403, m);
export const notFound = (m = 'Not found') => new HttpError(404, m);

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
  if (status === 503) return new HttpError(503, UNAVAILABLE_MESSAGE);
  if (status === 504) return new HttpError(504, TIMEOUT_MESSAGE);
  if (status >= 500) return new HttpError(500, 'Something went wrong. Please try again.');
  return new HttpError(status, err.details || 'Request failed');
}

/** Validates a request part with zod; the first problem becomes a 400 with a readable message. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, message?: string): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  if (message) throw badRequest(message);
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  throw badRequest(field ? `${field}: ${issue.message}` : issue.message);
}

/** The one error middleware: `{"message"}` bodies, right statuses, never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    let http: HttpError;
    if (err instanceof HttpError) http = err;
    else if (isGrpcError(err)) http = fromGrpc(err);
    else if (isBodyParserError(err)) http = bodyParserError(err);
    else if (err instanceof URIError) http = new HttpError(400, 'Malformed URL');
    else if (isRedisUnavailable(err)) http = new HttpError(503, UNAVAILABLE_MESSAGE, { 'Retry-After': '5' });
    else http = fromClientError(err) ?? new HttpError(500, 'Something went wrong. Please try again.');

    if (http.status >= 500) logger.error({ err, method: req.method, url: req.originalUrl }, 'request failed');
    if (res.headersSent) return;
    if (!res.get('Cache-Control')) res.set('Cache-Control', 'no-store');
    res.set(http.headers).status(http.status).json({ message: http.message });
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
  return new HttpError(status, status === 404 ? 'Not found' : (STATUS_CODES[status] ?? 'Bad request'));
}

function isBodyParserError(err: unknown): err is { type: string; status: number } {
  return !!err && typeof err === 'object' && typeof (err as { type?: unknown }).type === 'string' && 'status' in err;
}

function bodyParserError(err: { type: string; status: number }): HttpError {
  switch (err.type) {
    case 'entity.too.large':
      return new HttpError(413, 'Request body is too large');
    case 'entity.parse.failed':
      return new HttpError(400, 'Request body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'Unsupported body encoding');
    default:
      return new HttpError(err.status >= 400 && err.status < 500 ? err.status : 400, 'Bad request body');
  }
}
