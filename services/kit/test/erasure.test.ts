import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db.js';
import { forgetEventsAbout } from '../src/erasure.js';
import { EventNames } from '../src/events.js';
import { ensureStream } from '../src/nats.js';
import { enqueueEvent, OutboxRelay } from '../src/outbox.js';
import { deleteTestStreams, testNamespace, TEST_NATS_URL } from '../src/testing.js';
import * as schema from './fixtures/schema.js';
import { logger, migratedTestDatabase } from './helpers.js';

/** The event machinery's own copies of personal data, when an account is erased (erasure.ts). */
let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
let pool: pg.Pool;
let db: Db<typeof schema>;
let nc: NatsConnection;
const namespace = testNamespace();
const names = new EventNames(namespace);

const snapshot = (id: string, name: string) => ({
  id,
  username: name.toLowerCase(),
  name,
  email: `${name.toLowerCase()}@example.co.za`,
  phoneNumber: '',
  isAdmin: false,
  emailNotifications: true,
  browserNotifications: false,
  whatsappNotifications: false,
  joinDate: new Date(),
  emailVerified: false,
});
const rows = async () => (await pool.query<{ id: string; subject: string; published: boolean }>('SELECT id, subject, published_at IS NOT NULL AS published FROM outbox ORDER BY occurred_at, id')).rows;

beforeAll(async () => {
  database = await migratedTestDatabase('kit_erasure');
  pool = database.pool;
  db = createDb(pool, schema);
  nc = await connect({ servers: TEST_NATS_URL });
  await ensureStream(await nc.jetstreamManager(), names, 'identity');
});

afterAll(async () => {
  await nc?.close();
  await deleteTestStreams(namespace).catch(() => undefined);
  await database?.drop();
});

beforeEach(async () => {
  await pool.query('TRUNCATE outbox');
});

describe('forgetEventsAbout', () => {
  it('deletes the outbox rows that mention the id anywhere, published or not, and no others', async () => {
    const [gone, stays] = [randomUUID(), randomUUID()];
    const relay = new OutboxRelay({ pool, js: nc.jetstream(), names, logger });
    const published = await db.transaction((tx) => enqueueEvent(tx, 'identity.user.registered', { user: snapshot(gone, 'Gone') }));
    expect(await relay.publishBatch()).toBe(1);
    await db.transaction(async (tx) => {
      await enqueueEvent(tx, 'identity.user.updated', { user: snapshot(gone, 'Gone') });
      await enqueueEvent(tx, 'identity.user.registered', { user: snapshot(stays, 'Stays') });
    });
    expect((await rows()).find((r) => r.id === published)?.published).toBe(true);

    const forgotten = await db.transaction((tx) => forgetEventsAbout(tx, gone.toUpperCase()));
    expect(forgotten).toBe(2);
    const left = await rows();
    expect(left).toHaveLength(1);
    expect((await pool.query('SELECT payload FROM outbox')).rows[0].payload.data.user.id).toBe(stays);
    expect(await db.transaction((tx) => forgetEventsAbout(tx, gone))).toBe(0);
  });
});

describe('OutboxRelay and FORGET_ON_PUBLISH', () => {
  it('drops an identity.user.deleted row the moment it is published, and keeps the others a while', async () => {
    const gone = randomUUID();
    const relay = new OutboxRelay({ pool, js: nc.jetstream(), names, logger });
    const [deleted, other] = await db.transaction(async (tx) => [
      await enqueueEvent(tx, 'identity.user.deleted', { userId: gone, deletedAt: new Date() }),
      await enqueueEvent(tx, 'identity.user.registered', { user: snapshot(randomUUID(), 'Other') }),
    ]);
    expect(await relay.publishBatch()).toBe(2);
    expect(await rows()).toEqual([{ id: other, subject: 'identity.user.registered', published: true }]);
    // It did reach JetStream, under its id.
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(names.stream('identity'));
    const ids: string[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) ids.push((await jsm.streams.getMessage(names.stream('identity'), { seq })).header.get('Nats-Msg-Id'));
    expect(ids).toContain(deleted);
  });
});
