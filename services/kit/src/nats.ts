import { connect, RetentionPolicy, StorageType, type JetStreamManager, type NatsConnection } from 'nats';
import type { Logger } from './logger.js';
import type { Producer } from '@mzansi/proto/events';
import type { EventNames } from './events.js';

export async function connectNats(url: string, name: string, logger: Logger): Promise<NatsConnection> {
  const nc = await connect({
    servers: url.split(','),
    name,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    // Otherwise every request (each JetStream publish: one per outbox event) builds an Error just to keep the
    // caller's stack for a possible timeout message: a tenth of voting's CPU per vote in `make bench-profile`.
    // Failures are still reported, only without that extra stack.
    noAsyncTraces: true,
  });
  (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'error') {
        logger.warn({ nats: s.type, data: String(s.data) }, 'nats connection status');
      }
    }
  })().catch(() => undefined);
  return nc;
}

/**
 * Stream and consumer administration: creating an R3 stream or consumer on a JetStream cluster elects a Raft group
 * first, which takes seconds on a loaded machine (the default 5 s timeout failed starts of a 3-node cluster).
 */
export const JS_ADMIN_TIMEOUT_MS = 30_000;

/**
 * Creates (or updates) the stream of a producing service; idempotent. Creates the stream, or proposes the configuration if it differs. Every caller (the owner, its consumers, the
 * gateway) must pass the deployment's replicas and `max_bytes` (NATS_STREAM_REPLICAS, NATS_STREAM_MAX_BYTES): a
 * caller with other values would flip the stream back and forth.
 */
export async function ensureStream(jsm: JetStreamManager, names: EventNames, producer: Producer | 'deadletter', replicas = 1, maxBytes = -1) {
  const name = names.stream(producer);
  const config = {
    name,
    subjects: names.streamSubjects(producer),
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    num_replicas: replicas,
    max_bytes: maxBytes,
    max_age: 7 * 24 * 60 * 60 * 1_000_000_000, // 7 days, in nanoseconds
    duplicate_window: 2 * 60 * 1_000_000_000, // Nats-Msg-Id de-duplication window: 2 minutes
  };
  try {
    const current = (await jsm.streams.info(name)).config;
    // Only a change is proposed: on a JetStream cluster every update is a Raft round, and every replica of every
    // service calls this at start.
    const same =
      current.num_replicas === config.num_replicas &&
      current.max_bytes === config.max_bytes &&
      current.max_age === config.max_age &&
      current.duplicate_window === config.duplicate_window &&
      JSON.stringify([...(current.subjects ?? [])].sort()) === JSON.stringify([...config.subjects].sort());
    if (!same) await jsm.streams.update(name, config);
  } catch (err) {
    if ((err as { code?: string }).code === '404' || /stream not found/i.test(String((err as Error).message))) {
      try {
        await jsm.streams.add(config);
      } catch (addErr) {
        if (!/already in use|stream name already/i.test(String((addErr as Error).message))) throw addErr;
      }
    } else {
      throw err;
    }
  }
  return name;
}
