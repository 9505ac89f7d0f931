import type { NatsConnection } from 'nats';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EventNames } from '../src/events.js';
import { connectNats, ensureStream } from '../src/nats.js';
import { deleteTestStreams, TEST_NATS_URL, testNamespace } from '../src/testing.js';
import { logger } from './helpers.js';

// Streams take the deployment's replicas and max_bytes (NATS_STREAM_REPLICAS, NATS_STREAM_MAX_BYTES) from every
// caller: the owner, its consumers and the gateway all pass them (a caller that proposed R1 would turn an R3 stream back into R1).
const ns = testNamespace();
const names = new EventNames(ns);
let nc: NatsConnection;

beforeAll(async () => {
  nc = await connectNats(TEST_NATS_URL, 'kit-stream-test', logger);
});

afterAll(async () => {
  await nc?.drain().catch(() => undefined);
  await deleteTestStreams(ns);
});

it('creates a stream with the given max_bytes and changes it when the deployment does', async () => {
  const jsm = await nc.jetstreamManager();
  const name = await ensureStream(jsm, names, 'voting', 1, 8 * 1024 * 1024);
  const first = await jsm.streams.info(name);
  expect(first.config.max_bytes).toBe(8 * 1024 * 1024);
  expect(first.config.num_replicas).toBe(1);

  await ensureStream(jsm, names, 'voting', 1, 16 * 1024 * 1024);
  expect((await jsm.streams.info(name)).config.max_bytes).toBe(16 * 1024 * 1024);
  // The default is unbounded.
  await ensureStream(jsm, names, 'voting');
  expect((await jsm.streams.info(name)).config.max_bytes).toBe(-1);
});
