import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { JetStreamClient, JetStreamManager, NatsConnection } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startConsumer, type ConsumerDeps, type ConsumerOptions, type RunningConsumer } from '../src/consumer.js';
import { createDb, type Db, type Tx } from '../src/db.js';
import type { EventType } from '@mzansi/proto/events';
import { encodeEnvelope, EventNames, type EventEnvelope } from '../src/events.js';
import { connectNats, ensureStream } from '../src/nats.js';
import { deleteTestStreams, eventually, sleep, TEST_NATS_URL, testNamespace } from '../src/testing.js';
import * as schema from './fixtures/schema.js';
import { logger, migratedTestDatabase } from './helpers.js';

const { counters, inbox } = schema;
const TYPE = 'identity.user.registered' as const;

/** An event whose user id names the counter it increments. */
function envelope(counterId: string) {
  return encodeEnvelope(TYPE, {
    user: {
      id: counterId,
      username: 'u',
      name: 'U',
      email: '',
      phoneNumber: '',
      isAdmin: false,
      emailNotifications: false,
      browserNotifications: false,
      whatsappNotifications: false,
      joinDate: new Date('2026-01-01T00:00:00Z'),
      emailVerified: false,
    },
  });
}

async function increment(tx: Tx<any>, id: string) {
  await tx
    .insert(counters)
    .values({ id, value: 1 })
    .onConflictDoUpdate({ target: counters.id, set: { value: sql`${counters.value} + 1` } });
}

describe('startConsumer', () => {
  const ns = testNamespace();
  const names = new EventNames(ns);
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let db: Db<typeof schema>;
  let nc: NatsConnection;
  let js: JetStreamClient;
  let jsm: JetStreamManager;
  let stream: string;
  const running: RunningConsumer[] = [];

  beforeAll(async () => {
    database = await migratedTestDatabase('kit_consumer');
    db = createDb(database.pool, schema);
    nc = await connectNats(TEST_NATS_URL, 'kit-consumer-test', logger);
    js = nc.jetstream();
    jsm = await nc.jetstreamManager();
    stream = await ensureStream(jsm, names, 'identity');
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((c) => c.stop()));
  });

  afterAll(async () => {
    await nc?.drain().catch(() => undefined);
    await deleteTestStreams(ns);
    await database?.drop();
  });

  const start = async <T extends EventType>(deps: ConsumerDeps, options: ConsumerOptions<T>) => {
    const c = await startConsumer(deps, options);
    running.push(c);
    return c;
  };

  const publish = (data: string | object, msgID = randomUUID()) =>
    js.publish(names.subject(TYPE), typeof data === 'string' ? data : JSON.stringify(data), { msgID });

  const counter = async (id: string) => (await db.select().from(counters).where(eq(counters.id, id)))[0]?.value ?? 0;
  const inboxRows = async (consumer: string) => db.select().from(inbox).where(eq(inbox.consumer, consumer));

  /** Waits until the durable consumer has acknowledged (or terminated) everything up to `seq`. */
  const settled = (consumer: string, seq: number) =>
    eventually(async () => {
      const info = await jsm.consumers.info(stream, consumer);
      return info.ack_floor.stream_seq >= seq && info.num_pending === 0 && info.num_ack_pending === 0;
    }, 20_000);

  /** The messages on a consumer's dead-letter subject, read from the dead-letter stream. */
  const deadLetters = async (consumer: string) => {
    const dlStream = names.stream('deadletter');
    const info = await jsm.streams.info(dlStream);
    const msgs = [];
    for (let seq = info.state.first_seq; info.state.messages > 0 && seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(dlStream, { seq });
      if (m.subject === names.deadLetterSubject(consumer)) msgs.push(m);
    }
    return msgs;
  };

  it('applies an event delivered twice (different Nats-Msg-Id, same event id) once', async () => {
    const name = `kit-dupes-${randomUUID().slice(0, 8)}`;
    const key = `dupes-${randomUUID()}`;
    const seen: string[] = [];
    await start(
      { nc, db, names, logger },
      {
        name,
        types: [TYPE],
        handle: async (event, tx) => {
          if (event.data.user?.id !== key) return;
          seen.push(event.id);
          await increment(tx, key);
        },
      },
    );
    const ev = envelope(key);
    const a = await publish(ev);
    const b = await publish(ev);
    expect(a.duplicate).toBe(false);
    expect(b.duplicate).toBe(false); // JetStream stored both: only the inbox can catch it
    expect(b.seq).toBeGreaterThan(a.seq);

    await settled(name, b.seq);
    expect(await counter(key)).toBe(1);
    expect(seen).toEqual([ev.id]);
    const rows = (await inboxRows(name)).filter((r) => r.eventId === ev.id);
    expect(rows).toHaveLength(1);
  });

  it('applies an event exactly once when the handler fails twice first, rolling back the failed attempts', async () => {
    const name = `kit-retry-${randomUUID().slice(0, 8)}`;
    const key = `retry-${randomUUID()}`;
    let calls = 0;
    await start(
      { nc, db, names, logger },
      {
        name,
        types: [TYPE],
        backoffMs: () => 50,
        handle: async (event, tx) => {
          if (event.data.user?.id !== key) return;
          calls++;
          await increment(tx, key); // rolled back when the handler throws
          if (calls <= 2) throw new Error(`transient failure ${calls}`);
        },
      },
    );
    const ev = envelope(key);
    const ack = await publish(ev);
    await settled(name, ack.seq);
    expect(calls).toBe(3);
    expect(await counter(key)).toBe(1);
    expect((await inboxRows(name)).filter((r) => r.eventId === ev.id)).toHaveLength(1);

    // A later redelivery of the same event is a no-op.
    const again = await publish(ev);
    await settled(name, again.seq);
    expect(calls).toBe(3);
    expect(await counter(key)).toBe(1);
  });

  it('dead-letters malformed and always-failing events without stalling the ones after them', async () => {
    const name = `kit-poison-${randomUUID().slice(0, 8)}`;
    const poisonKey = `poison-${randomUUID()}`;
    const goodKey = `good-${randomUUID()}`;
    let poisonCalls = 0;
    await start(
      { nc, db, names, logger },
      {
        name,
        types: [TYPE],
        maxDeliver: 3,
        backoffMs: () => 50,
        handle: async (event, tx) => {
          if (event.data.user?.id === poisonKey) {
            poisonCalls++;
            throw new Error('always fails');
          }
          if (event.data.user?.id === goodKey) await increment(tx, goodKey);
        },
      },
    );
    const garbage = 'this is {not json';
    await publish(garbage);
    const poison = envelope(poisonKey);
    await publish(poison);
    const good = envelope(goodKey);
    const last = await publish(good);

    await eventually(async () => (await counter(goodKey)) === 1, 20_000);
    await settled(name, last.seq);
    expect(poisonCalls).toBe(3);
    expect(await counter(goodKey)).toBe(1);
    const applied = (await inboxRows(name)).map((r) => r.eventId);
    expect(applied).toContain(good.id);
    expect(applied).not.toContain(poison.id);

    // Both ended up on the dead-letter subject, in the dead-letter stream.
    expect(names.stream('deadletter')).toBe(`${ns.toUpperCase()}_DEADLETTER`);
    const dead = (await eventually(async () => {
      const msgs = await deadLetters(name);
      return msgs.length >= 2 ? msgs : undefined;
    }, 20_000))!;
    expect(dead).toHaveLength(2);
    const [malformed, failing] = dead;
    expect(malformed!.string()).toBe(garbage);
    expect(malformed!.header.get('Dead-Letter-Reason')).toMatch(/^malformed event/);
    expect(malformed!.header.get('Original-Subject')).toBe(names.subject(TYPE));
    expect(malformed!.header.get('Delivery-Count')).toBe('1');
    expect((failing!.json() as EventEnvelope).id).toBe(poison.id);
    expect(failing!.header.get('Dead-Letter-Reason')).toBe('always fails');
    expect(failing!.header.get('Delivery-Count')).toBe('3');

    // Terminated, not redelivered later.
    await sleep(500);
    expect(poisonCalls).toBe(3);
  });

  it('receives several types of one producer, ignores other subjects of its stream, and resumes after a restart', async () => {
    const name = `kit-multi-${randomUUID().slice(0, 8)}`;
    const key = `multi-${randomUUID()}`;
    const seen: string[] = [];
    const options = {
      name,
      types: ['identity.user.registered', 'identity.user.updated'] as const,
      handle: async (event: EventEnvelope<'identity.user.registered' | 'identity.user.updated'>, tx: Tx<any>) => {
        if (event.data.user?.id !== key) return;
        seen.push(event.type);
        await increment(tx, key);
      },
    };
    const first = await startConsumer({ nc, db, names, logger }, options);
    running.push(first);
    const registered = envelope(key);
    await publish(registered);
    // A subject of the stream the consumer did not ask for: neither handled nor dead-lettered.
    await js.publish(names.subject('identity.user.other'), 'not for this consumer', { msgID: randomUUID() });
    const updated = { ...envelope(key), type: 'identity.user.updated' };
    const last = await js.publish(names.subject('identity.user.updated'), JSON.stringify(updated), { msgID: randomUUID() });
    await settled(name, last.seq);
    expect(seen).toEqual(['identity.user.registered', 'identity.user.updated']);
    expect(await counter(key)).toBe(2);

    // Restarted under the same durable name (the update path): only new events arrive.
    await first.stop();
    running.splice(running.indexOf(first), 1);
    await start({ nc, db, names, logger }, options);
    const again = await publish(registered, randomUUID()); // a redelivery of an applied event
    const fresh = await publish(envelope(key));
    await settled(name, Math.max(again.seq, fresh.seq));
    expect(seen).toEqual(['identity.user.registered', 'identity.user.updated', 'identity.user.registered']);
    expect(await counter(key)).toBe(3);
    // (Earlier tests' malformed events on the stream may be dead-lettered here too; the stray subject must not be.)
    const dead = await deadLetters(name);
    expect(dead.map((m) => m.header.get('Original-Subject'))).not.toContain(names.subject('identity.user.other'));
  });

  it('refuses event types from two producers', async () => {
    await expect(
      startConsumer({ nc, db, names, logger }, {
        name: 'kit-mixed',
        types: ['identity.user.registered', 'questions.question.published'],
        handle: async () => undefined,
      } as never),
    ).rejects.toThrow(/one producer/);
  });
});
