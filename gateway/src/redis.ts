import { createClient } from 'redis';
import type { Logger } from '@mzansi/kit/base';

function makeClient(url: string) {
  return createClient({
    url,
    RESP: 2,
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
