import { randomUUID } from 'node:crypto';
import type { JetStreamClient, JetStreamManager, NatsConnection } from 'nats';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db.js';
import { encodeEnvelope, EventNames } from '../src/events.js';
import { connectNats, ensureStream } from '../src/nats.js';
import { createMetrics } from '../src/metrics.js';
import { enqueueEvent, OutboxRelay } from '../src/outbox.js';
import { deleteTestStreams, eventually, sleep, testNamespace } from '../src/testing.js';
import * as schema from './fixtures/schema.js';
import { logger, migratedTestDatabase, PrivateNatsServer } from './helpers.js';

const user = (n: number) => ({
  id: randomUUID(),
  username: `user${n}`,
  name: `User ${n}`,
  email: '',
  phoneNumber: '',
  isAdmin: false,
  emailNotifications: true,
  browserNotifications: false,
  whatsappNotifications: false,
  joinDate: new Date('2026-01-01T00:00:00Z'),
  emailVerified: false,
});

/** Every message of a stream, read back by sequence. */
async function streamMessages(jsm: JetStreamManager, stream: string) {
  const info = await jsm.streams.info(stream);
  const out: { seq: number; subject: string; msgId: string | undefined; data: unknown }[] = [];
  if (info.state.messages === 0) return out;
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const m = await jsm.streams.getMessage(stream, { seq });
    out.push({ seq, subject: m.subject, msgId: m.header.get('Nats-Msg-Id') || undefined, data: m.json() });
  }
  return out;
}

describe('OutboxRelay', () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let pool: pg.Pool;
  let db: Db<typeof schema>;
  let nats: PrivateNatsServer;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let js: JetStreamClient;
  const namespaces: string[] = [];

  beforeAll(async () => {
    database = await migratedTestDatabase('kit_outbox');
    pool = database.pool;
    db = createDb(pool, schema);
    nats = await PrivateNatsServer.create();
    nc = await connectNats(nats.url, 'kit-outbox-test', logger);
    jsm = await nc.jetstreamManager();
    js = nc.jetstream();
  });

  afterAll(async () => {
    await nc?.close().catch(() => undefined);
    for (const ns of namespaces) await deleteTestStreams(ns, nats.url).catch(() => undefined);
    await nats?.destroy();
    await database?.drop();
  });

  beforeEach(async () => {
    await pool.query('TRUNCATE outbox');
  });

  const newNames = () => {
    const ns = testNamespace();
    namespaces.push(ns);
    return new EventNames(ns);
  };

  it('publishes every event exactly once when NATS is down at commit time', async () => {
    const N = 50;
    const names = newNames();
    const stream = await ensureStream(jsm, names, 'identity');
    const metrics = createMetrics('kit-test');
    const gauge = async (name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values[0]?.value ?? 0;
    const relay = new OutboxRelay({ pool, js, names, logger, metrics, pollMs: 25, maxBackoffMs: 500, publishTimeoutMs: 1_000 });
    relay.start();
    try {
      await nats.kill();

      const ids: string[] = [];
      for (let i = 0; i < N; i++) {
        ids.push(await db.transaction((tx) => enqueueEvent(tx, 'identity.user.registered', { user: user(i) })));
        relay.kick();
      }
      expect(new Set(ids).size).toBe(N);

      // NATS is down: the relay keeps trying and failing, and nothing is marked published.
      await eventually(async () => {
        const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE attempts > 0');
        return Number(rows[0]!.n) > 0;
      }, 15_000);
      await sleep(500); // absence needs a wait: more failed rounds, none marking a row published
      const { rows: down } = await pool.query<{ published: string; total: string }>(
        'SELECT count(published_at) AS published, count(*) AS total FROM outbox',
      );
      expect(Number(down[0]!.total)).toBe(N);
      expect(Number(down[0]!.published)).toBe(0);
      // The lag gauges follow the outage although no publish succeeds (OutboxLagging reads them).
      await eventually(async () => expect(await gauge('outbox_lag_seconds')).toBeGreaterThan(0), 10_000);
      await eventually(async () => expect(await gauge('outbox_pending_events')).toBe(N), 10_000);

      await nats.start();

      await eventually(async () => {
        const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE published_at IS NULL');
        return Number(rows[0]!.n) === 0;
      }, 30_000, 100);

      // Let any publish still buffered from the outage reach the server before counting.
      await nc.flush();
      await sleep(300);
      const messages = await streamMessages(jsm, stream);
      expect(messages).toHaveLength(N);
      const msgIds = messages.map((m) => m.msgId);
      expect(new Set(msgIds).size).toBe(N);
      expect([...msgIds].sort()).toEqual([...ids].sort());
      await eventually(async () => expect(await gauge('outbox_lag_seconds')).toBe(0), 10_000);
      for (const m of messages) {
        expect(m.subject).toBe(names.subject('identity.user.registered'));
        expect((m.data as { id: string }).id).toBe(m.msgId);
        expect((m.data as { type: string }).type).toBe('identity.user.registered');
      }
    } finally {
      await relay.stop();
    }
  });

  it('publishes a row once when it was already published but not marked (crash between publish and mark)', async () => {
    const names = newNames();
    const stream = await ensureStream(jsm, names, 'identity');
    const relay = new OutboxRelay({ pool, js, names, logger, pollMs: 25 });

    const id = await db.transaction((tx) => enqueueEvent(tx, 'identity.user.registered', { user: user(1) }));
    const { rows } = await pool.query<{ subject: string; payload: unknown }>('SELECT subject, payload FROM outbox WHERE id = $1', [id]);
    // What the relay does before it crashes: publish, but never mark the row.
    const first = await js.publish(names.subject(rows[0]!.subject), JSON.stringify(rows[0]!.payload), { msgID: id });
    expect(first.duplicate).toBe(false);

    // After the restart the relay finds the row unpublished and publishes it again.
    expect(await relay.publishBatch()).toBe(1);
    const { rows: after } = await pool.query('SELECT published_at FROM outbox WHERE id = $1', [id]);
    expect(after[0].published_at).toBeInstanceOf(Date);
    expect(await relay.publishBatch()).toBe(0);

    const messages = await streamMessages(jsm, stream);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.msgId).toBe(id);
    expect(messages[0]!.data).toEqual(rows[0]!.payload);
  });

  it('does not publish events of a rolled-back transaction', async () => {
    const names = newNames();
    const stream = await ensureStream(jsm, names, 'identity');
    const relay = new OutboxRelay({ pool, js, names, logger });
    await expect(
      db.transaction(async (tx) => {
        await enqueueEvent(tx, 'identity.user.registered', { user: user(2) });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const updated = user(3);
    const kept = await db.transaction((tx) => enqueueEvent(tx, 'identity.user.updated', { user: updated }));
    expect(await relay.publishBatch()).toBe(1);
    const messages = await streamMessages(jsm, stream);
    expect(messages.map((m) => m.msgId)).toEqual([kept]);
    expect(messages[0]!.subject).toBe(names.subject('identity.user.updated'));
    const data = messages[0]!.data as { occurredAt: string };
    expect(data).toEqual(encodeEnvelope('identity.user.updated', { user: updated }, kept, new Date(data.occurredAt)));
  });
});
