import { createClient } from 'redis';
import { TEST_REDIS_URL } from '@mzansi/kit/testing';

/** Deletes every Redis key under a test gateway's prefix (`t<hex>:`, as the tests make them). */
export async function deleteRedisKeys(prefix: string) {
  if (!/^t[0-9a-f]+:$/.test(prefix)) throw new Error(`refusing to delete keys under ${prefix}`);
  const client = createClient({ url: TEST_REDIS_URL });
  await client.connect();
  try {
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      const keys = (Array.isArray(batch) ? batch : [batch]) as string[];
      if (keys.length) await client.del(keys);
    }
  } finally {
    await client.quit().catch(() => undefined);
  }
}
