import { createClient } from 'redis';
import type { Logger } from '@mzansi/kit/base';

function makeClient(url: string) {
  return createClient({
    url,
    RESP: 2,
    // While Redis is away a command fails at once (→ 503, errors.ts) instead of queueing until the request times out.
    disableOfflineQueue: true,
    socket: { reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2_000), connectTimeout: 5_000 },
  });
}

export type RedisClient = ReturnType<typeof makeClient>;

export async function connectRedis(url: string, logger: Logger): Promise<RedisClient> {
  const client = makeClient(url);
  let lastLogged = 0;
  client.on('error', (err: Error) => {
    if (Date.now() - lastLogged > 10_000) {
      lastLogged = Date.now();
      logger.warn({ err: err.message }, 'redis error');
    }
  });
  await client.connect();
  return client;
}

/** A command refused or cut off because Redis is unreachable: the request answers 503, not 500. */
export function isRedisUnavailable(err: unknown): boolean {
  for (let e = err as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    // node-redis's own errors (ClientOfflineError, ClientClosedError, …) carry no name or code: their messages.
    if (typeof e.message === 'string' && /^(The client is (closed|offline)|Socket closed unexpectedly|Connection timeout|Socket timeout)/.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
