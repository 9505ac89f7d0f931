/**
 * The common parts of the services' test harnesses (part of `@mzansi/kit/testing`): a test namespace's streams (read
 * back, published into as a producer's outbox relay would) and the instances and clients a harness started.
 */
import { randomUUID } from 'node:crypto';
import type * as grpc from '@grpc/grpc-js';
import { connect, type NatsConnection } from 'nats';
import { PRODUCERS, producerOf, type EventData, type EventType, type Producer } from '@mzansi/proto/events';
import { createPromiseClient, type PromiseClient } from './grpc-client.js';
import { decodeEnvelope, encodeEnvelope, EventNames, type EventEnvelope } from './events.js';
import { ensureStream } from './nats.js';
import { DEV_INTERNAL_KEYS } from './config.js';
import type { InternalKeys } from './internal-auth.js';

export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** Deletes every stream of a test namespace. */
export async function deleteTestStreams(namespace: string, url = TEST_NATS_URL): Promise<void> {
  if (!namespace) throw new Error('refusing to delete the streams of the empty namespace');
  const nc = await connect({ servers: url });
  try {
    const jsm = await nc.jetstreamManager();
    const names = new EventNames(namespace);
    for (const p of [...PRODUCERS, 'deadletter' as const]) {
      await jsm.streams.delete(names.stream(p)).catch(() => undefined);
    }
  } finally {
    await nc.close();
  }
}

/**
 * The development internal keys, or (for forgery tests) `forgerySecret` under the development key id: a forger who
 * knows the key id but not the key.
 */
export function internalKeysFor(forgerySecret?: string): InternalKeys {
  return forgerySecret === undefined ? DEV_INTERNAL_KEYS : [{ kid: DEV_INTERNAL_KEYS[0]!.kid, secret: forgerySecret }];
}

/** An event read back from a stream, with the subject it was published on. */
export interface StreamEvent {
  seq: number;
  subject: string;
  msgId: string;
  envelope: EventEnvelope;
}

/** The streams of a test namespace on the machine's NATS; `close` drops the connection and deletes the streams. */
export function testStreams(namespace: string) {
  const names = new EventNames(namespace);
  let nc: NatsConnection | undefined;
  const connection = async () => (nc ??= await connect({ servers: TEST_NATS_URL }));
  return {
    names,
    /** Every message of `producer`'s stream in this namespace, in order. */
    async read(producer: Producer): Promise<StreamEvent[]> {
      const jsm = await (await connection()).jetstreamManager();
      const stream = names.stream(producer);
      const info = await jsm.streams.info(stream);
      const out: StreamEvent[] = [];
      if (info.state.messages === 0) return out;
      for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
        const m = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
        if (m) out.push({ seq, subject: m.subject, msgId: m.header.get('Nats-Msg-Id'), envelope: decodeEnvelope(m.data) });
      }
      return out;
    },
    /** Publishes an event as its producer's outbox relay would (Nats-Msg-Id = `msgId`, by default the event id); returns the event id. */
    async publish<T extends EventType>(type: T, data: EventData<T>, opts: { id?: string; msgId?: string; occurredAt?: Date } = {}): Promise<string> {
      const c = await connection();
      await ensureStream(await c.jetstreamManager(), names, producerOf(type));
      const envelope = encodeEnvelope(type, data, opts.id ?? randomUUID(), opts.occurredAt);
      await c.jetstream().publish(names.subject(type), JSON.stringify(envelope), { msgID: opts.msgId ?? envelope.id });
      return envelope.id;
    },
    /** Drops the connection and leaves the streams (a reader's, in a namespace someone else cleans up). */
    async disconnect(): Promise<void> {
      await nc?.close().catch(() => undefined);
      nc = undefined;
    },
    async close(): Promise<void> {
      await this.disconnect();
      await deleteTestStreams(namespace).catch(() => undefined);
    },
  };
}

type ClientCtor<C extends grpc.Client> = Parameters<typeof createPromiseClient<C>>[0];

/**
 * The instances of a service a harness started and the clients it made for them; `close` closes the clients and
 * stops the instances.
 */
export function startedServices<R extends { grpcPort: number; stop(): Promise<unknown> }, C extends grpc.Client>(Ctor: ClientCtor<C>) {
  const running: R[] = [];
  const clients: PromiseClient<C>[] = [];
  return {
    /** Keeps a started instance, to stop it in `close`. */
    add(r: R): R {
      running.push(r);
      return r;
    },
    /** A client of `r` with the development internal keys, or (`forgerySecret`) a forger's. */
    client(r: R, forgerySecret?: string): PromiseClient<C> {
      const c = createPromiseClient(Ctor, `127.0.0.1:${r.grpcPort}`, { internalKeys: internalKeysFor(forgerySecret) });
      clients.push(c);
      return c;
    },
    async close(): Promise<void> {
      for (const c of clients) c.close();
      await Promise.allSettled(running.map((r) => r.stop()));
    },
  };
}
