import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

export type { Logger };

export interface RequestContext {
  requestId?: string;
  userId?: string;
}

/** Carries the request id (and acting user) through async calls so every log line has them. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const ctx = requestContext.getStore();
      return ctx ? { ...(ctx.requestId ? { requestId: ctx.requestId } : {}), ...(ctx.userId ? { userId: ctx.userId } : {}) } : {};
    },
    redact: { paths: ['password', '*.password', 'req.headers.cookie', 'req.headers.authorization'], remove: true },
  });
}
