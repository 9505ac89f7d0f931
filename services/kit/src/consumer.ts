import { sql } from 'drizzle-orm';
import { AckPolicy, DeliverPolicy, headers as natsHeaders, type JsMsg, type NatsConnection } from 'nats';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import type { Db, Tx } from './db.js';
import { producerOf, type EventType } from '@mzansi/proto/events';
import { decodeEnvelope, type EventEnvelope, type EventNames } from './events.js';
import { ensureStream, JS_ADMIN_TIMEOUT_MS } from './nats.js';
import { inbox } from './tables.js';
import { contextFrom, inSpan, SpanKind } from './tracing.js';

/** Any service's tables, as drizzle types them: a consumer's transaction is over its own service's schema. */
type Schema = Record<string, unknown>;

export interface ConsumerOptions<T extends EventType, TSchema extends Schema = Schema> {
  /** Durable name, `<consumer>-<purpose>`, e.g. `voting-on-question-events`. */
  name: string;
  /** Event types to receive; all from one producing service (one stream). */
  types: readonly T[];
  /**
   * Applies the event inside a transaction; the inbox row is written in the same transaction. It may return a
   * function, called once the transaction has committed (e.g. telling a live channel about what was just stored).
   */
  handle: (event: EventEnvelope<T>, tx: Tx<TSchema>) => Promise<void | AfterCommit>;
  /** Messages handled at once (default 1, which keeps per-stream order). */
  concurrency?: number;
  /** After this many failed deliveries the event goes to the dead-letter subject (default 10). */
  maxDeliver?: number;
  ackWaitMs?: number;
  /** Delay before a failed event is redelivered: given the delivery count. */
  backoffMs?: (deliveryCount: number) => number;
}

/**
 * A consumer of some event types, as a service lists its consumers (runService). Every `ConsumerOptions<T, TSchema>`
 * is one, whatever its T, with no cast: `handle` is typed to take no event the compiler could build
 * (`EventEnvelope<never>`), and startConsumer hands it only the events of its `types` (the subscription filters on
 * them).
 */
export type Consumer<TSchema extends Schema = Schema> = Omit<ConsumerOptions<EventType, TSchema>, 'handle'> & {
  handle: (event: EventEnvelope<never>, tx: Tx<TSchema>) => Promise<void | AfterCommit>;
};

/** What a consumer's handle may return: run after its transaction commits (never for a duplicate or a failure). */
export type AfterCommit = () => void;

export interface ConsumerDeps<TSchema extends Schema = Schema> {
  nc: NatsConnection;
  db: Db<TSchema>;
  names: EventNames;
  logger: Logger;
  metrics?: Metrics;
  streamReplicas?: number;
  streamMaxBytes?: number;
}

export interface RunningConsumer {
  name: string;
  stop(): Promise<void>;
}

/**
 * A durable JetStream pull consumer with explicit ack and an inbox table: the handler's effects and the inbox row
 * commit together, then the message is acked, so a redelivered event (crash before ack, ack lost) has no second
 * effect. Failures are nak'ed with backoff; after `maxDeliver` deliveries the event is copied to
 * `deadletter.<name>` and terminated, so one poison event cannot stall the others.
 */
export async function startConsumer<T extends EventType, TSchema extends Schema>(deps: ConsumerDeps<TSchema>, opts: ConsumerOptions<T, TSchema>): Promise<RunningConsumer>;
export async function startConsumer<TSchema extends Schema>(deps: ConsumerDeps<TSchema>, opts: Consumer<TSchema>): Promise<RunningConsumer>;
export async function startConsumer<TSchema extends Schema>(deps: ConsumerDeps<TSchema>, opts: Consumer<TSchema>): Promise<RunningConsumer> {
  const { nc, db, names, logger } = deps;
  const producers = new Set(opts.types.map(producerOf));
  if (producers.size !== 1) throw new Error(`consumer ${opts.name}: all event types must come from one producer`);
  const producer = [...producers][0]!;
  const maxDeliver = opts.maxDeliver ?? 10;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const backoff = opts.backoffMs ?? ((n: number) => Math.min(30_000, 200 * 2 ** Math.min(n, 8)));
  const log = logger.child({ consumer: opts.name });

  const jsm = await nc.jetstreamManager({ timeout: JS_ADMIN_TIMEOUT_MS });
  const stream = await ensureStream(jsm, names, producer, deps.streamReplicas, deps.streamMaxBytes);
  await ensureStream(jsm, names, 'deadletter', deps.streamReplicas, deps.streamMaxBytes);
  // `filter_subjects` (several filters) needs NATS >= 2.10. One type uses `filter_subject`, which every server has;
  // several types on an older server take the producer's whole stream and ack the other types unhandled.
  const subjects = opts.types.map((t) => names.subject(t));
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
  const multiFilter = major > 2 || (major === 2 && minor >= 10);
  const skipOthers = subjects.length > 1 && !multiFilter;
  const wanted = new Set<string>(opts.types);
  const filter =
    subjects.length > 1 && multiFilter
      ? { filter_subjects: subjects, filter_subject: undefined }
      : { filter_subject: skipOthers ? names.subject(`${producer}.>`) : subjects[0], filter_subjects: undefined };
  const config = {
    durable_name: opts.name,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ...filter,
    // Unlimited on the server: the dead-letter decision is ours (after `maxDeliver` failed deliveries). A server-side
    // limit also counts deliveries to a process that died before handling them (a crash loop burns the whole
    // prefetched batch each time), and the server then drops the event silently: never applied, never dead-lettered.
    max_deliver: -1,
    ack_wait: (opts.ackWaitMs ?? 30_000) * 1_000_000,
    max_ack_pending: Math.max(100, concurrency * 10),
  };
  try {
    await jsm.consumers.info(stream, opts.name);
    await jsm.consumers.update(stream, opts.name, {
      ...filter,
      max_deliver: config.max_deliver,
      ack_wait: config.ack_wait,
      max_ack_pending: config.max_ack_pending,
    });
  } catch {
    await jsm.consumers.add(stream, config);
  }

  const js = nc.jetstream({ timeout: JS_ADMIN_TIMEOUT_MS });
  const consumer = await js.consumers.get(stream, opts.name);
  const messages = await consumer.consume({ max_messages: Math.max(16, concurrency * 4) });
  const inFlight = new Set<Promise<void>>();

  const deadLetter = async (m: JsMsg, reason: string) => {
    const h = natsHeaders();
    h.set('Original-Subject', m.subject);
    // Header values may not hold CR / LF (NATS refuses the publish): error messages often do (SQL, params).
    h.set('Dead-Letter-Reason', reason.replace(/[\r\n]+/g, ' ').slice(0, 500));
    h.set('Delivery-Count', String(m.info.deliveryCount));
    await js.publish(names.deadLetterSubject(opts.name), m.data, { headers: h });
    // No reason on the +TERM: servers before 2.10 ignore a "+TERM <reason>" and redeliver the message. The reason is
    // in the dead-letter headers and the log.
    m.term();
    deps.metrics?.eventsConsumed.inc({ consumer: opts.name, outcome: 'dead_letter' });
    log.error({ subject: m.subject, reason, deliveries: m.info.deliveryCount }, 'event sent to dead-letter subject');
  };

  const handleOne = async (m: JsMsg) => {
    if (skipOthers && !wanted.has(names.typeOf(m.subject))) {
      m.ack();
      return;
    }
    let event: EventEnvelope;
    try {
      event = decodeEnvelope(m.data);
    } catch (err) {
      await deadLetter(m, `malformed event: ${(err as Error).message}`);
      return;
    }
    try {
      let applied = false;
      let after: AfterCommit | undefined;
      await inSpan(`${opts.name} ${event.type}`, SpanKind.CONSUMER, contextFrom(event.trace), { 'messaging.system': 'nats', 'messaging.destination.name': m.subject }, () =>
        db.transaction(async (tx) => {
          const inserted = await tx
            .insert(inbox)
            .values({ consumer: opts.name, eventId: event.id })
            .onConflictDoNothing()
            .returning({ id: inbox.eventId });
          if (inserted.length === 0) return; // seen before: no second effect
          applied = true;
          // One of `opts.types`: the subscription filters on them (and skipOthers drops the rest).
          after = (await opts.handle(event as EventEnvelope<never>, tx)) ?? undefined;
        }),
      );
      m.ack();
      if (after) {
        try {
          after();
        } catch (err) {
          log.warn({ err: (err as Error).message, type: event.type, id: event.id }, 'after-commit step failed');
        }
      }
      deps.metrics?.eventsConsumed.inc({ consumer: opts.name, outcome: applied ? 'applied' : 'duplicate' });
    } catch (err) {
      const deliveries = m.info.deliveryCount;
      if (deliveries >= maxDeliver) {
        await deadLetter(m, (err as Error).message ?? String(err)).catch((e) => log.error({ err: e }, 'dead-letter publish failed'));
        return;
      }
      deps.metrics?.eventsConsumed.inc({ consumer: opts.name, outcome: 'retry' });
      log.warn({ err: (err as Error).message, type: event.type, id: event.id, deliveries }, 'event handling failed; will retry');
      m.nak(backoff(deliveries));
    }
  };

  const loop = (async () => {
    for await (const m of messages) {
      const p = handleOne(m).catch((err) => log.error({ err }, 'consumer crashed on a message'));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
  })();

  const gauge = deps.metrics
    ? setInterval(() => {
        consumer
          .info(true)
          .then((info) => deps.metrics!.consumerPending.set({ consumer: opts.name }, info.num_pending + info.num_ack_pending))
          .catch(() => undefined);
      }, 5_000)
    : undefined;
  gauge?.unref();

  const prune = setInterval(() => {
    // Far beyond the JetStream de-duplication window and any redelivery horizon.
    db.execute(sql`DELETE FROM inbox WHERE consumer = ${opts.name} AND processed_at < now() - interval '14 days'`).catch(
      () => undefined,
    );
  }, 3600_000);
  prune.unref();

  log.info({ stream, types: opts.types }, 'consumer started');
  return {
    name: opts.name,
    async stop() {
      if (gauge) clearInterval(gauge);
      clearInterval(prune);
      messages.stop();
      await loop.catch(() => undefined);
      await Promise.allSettled([...inFlight]);
    },
  };
}
