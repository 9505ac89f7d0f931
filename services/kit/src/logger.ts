import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

export interface RequestContext {
  requestId?: string;
  userId?: string;
}

/** Carries the request id (and acting user) through async calls so every log line has them. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

/** `format`: LOG_FORMAT (config.ts logFormat): JSON lines, or pino-pretty's coloured lines in development. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', format: 'json' | 'pretty' = 'json'): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const ctx = requestContext.getStore();
      return ctx ? { ...(ctx.requestId ? { requestId: ctx.requestId } : {}), ...(ctx.userId ? { userId: ctx.userId } : {}) } : {};
    },
    redact: { paths: ['password', '*.password', 'req.headers.cookie', 'req.headers.authorization'], remove: true },
  };
  if (format === 'json') return pino(options);
  // Synchronous, in-process (no transport worker): development only, where a line's latency does not matter.
  return pino(options, pretty({ sync: true, colorize: !process.env.NO_COLOR, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' }));
}
