import { randomUUID } from 'node:crypto';
import type { JetStreamClient } from 'nats';
import type pg from 'pg';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import { FORGET_ON_PUBLISH } from '@mzansi/proto/events';
import type { Queryable } from './db.js';
import type { EventData, EventType } from '@mzansi/proto/events';
import { encodeEnvelope, EventNames } from './events.js';
import { outbox } from './tables.js';

export interface OutboxRelayOptions {
  pool: pg.Pool;
  js: JetStreamClient;
  names: EventNames;
  logger: Logger;
  metrics?: Metrics;
  batchSize?: number;
  pollMs?: number;
  maxBackoffMs?: number;
  /** Published rows older than this are deleted (they are in JetStream now). */
  retainPublishedMs?: number;
  publishTimeoutMs?: number;
  /** How long a kick waits for more commits to join its pass. */
  kickDelayMs?: number;
}

/**
 * Publishes outbox rows to JetStream with `Nats-Msg-Id` = event id, then marks them sent.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several replicas can relay side by side. If NATS is down the
 * rows stay unsent and the relay retries with exponential backoff; a publish that reached NATS but was not
 * marked (crash in between) is published again and dropped by JetStream's de-duplication window.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private dueAt = 0;
  private running = false;
  private stopped = true;
  private kicked = false;
  private failures = 0;
  private loop: Promise<void> | undefined;
  private lastPrune = 0;
  private lastGauge = 0;
  private readonly o: Required<Omit<OutboxRelayOptions, 'metrics'>> & { metrics?: Metrics };

  constructor(opts: OutboxRelayOptions) {
    this.o = { batchSize: 200, pollMs: 250, maxBackoffMs: 5_000, retainPublishedMs: 24 * 3600_000, publishTimeoutMs: 5_000, kickDelayMs: 5, ...opts };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * Ask for a pass soon (call after committing a transaction that wrote events). Kicks within a few milliseconds
   * share one pass, so a burst of commits is published in batches rather than one relay transaction per event; a
   * pass already due sooner is never postponed.
   */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.kicked = true;
      return;
    }
    if (this.timer && this.dueAt <= Date.now() + this.o.kickDelayMs) return;
    this.schedule(this.o.kickDelayMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.loop;
  }

  /** One pass: publishes up to one batch. Returns how many were published. Exposed for tests. */
  async publishBatch(): Promise<number> {
    const client = await this.o.pool.connect();
    let published = 0;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string; subject: string; payload: unknown }>(
        `SELECT id, subject, payload FROM outbox WHERE published_at IS NULL
         ORDER BY occurred_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.o.batchSize],
      );
      if (rows.length === 0) {
        await client.query('COMMIT');
        return 0;
      }
      // Started in order on one connection, so JetStream stores them in order.
      const results = await Promise.allSettled(
        rows.map((row) =>
          this.o.js.publish(this.o.names.subject(row.subject), JSON.stringify(row.payload), {
            msgID: row.id,
            timeout: this.o.publishTimeoutMs,
          }),
        ),
      );
      const ok: string[] = [];
      const failed: string[] = [];
      let firstError: unknown;
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') ok.push(rows[i]!.id);
        else {
          failed.push(rows[i]!.id);
          firstError ??= r.reason;
        }
      });
      if (ok.length) {
        // Rows that name an erased person go as soon as JetStream has them (erasure.ts); the others are kept a while.
        const forget = rows.filter((r) => FORGET_ON_PUBLISH.has(r.subject)).map((r) => r.id).filter((id) => ok.includes(id));
        if (forget.length) await client.query('DELETE FROM outbox WHERE id = ANY($1::uuid[])', [forget]);
        await client.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])', [ok]);
      }
      if (failed.length) {
        await client.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = ANY($1::uuid[])', [
          failed,
          String((firstError as Error)?.message ?? firstError).slice(0, 500),
        ]);
      }
      await client.query('COMMIT');
      published = ok.length;
      this.o.metrics?.outboxPublished.inc(ok.length);
      if (failed.length) throw firstError;
      return published;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = Date.now() + ms;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.loop = this.tick();
    }, ms);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    let next = this.o.pollMs;
    try {
      let n: number;
      do {
        this.kicked = false;
        n = await this.publishBatch();
      } while (!this.stopped && (n === this.o.batchSize || this.kicked));
      if (this.failures > 0) this.o.logger.info('outbox relay recovered');
      this.failures = 0;
      await this.housekeeping();
    } catch (err) {
      this.failures++;
      next = Math.min(this.o.maxBackoffMs, 100 * 2 ** Math.min(this.failures, 10));
      if (this.failures === 1 || this.failures % 20 === 0) {
        this.o.logger.warn({ err: (err as Error).message, retryInMs: next, failures: this.failures }, 'outbox publish failed; will retry');
      }
      // While publishing fails (NATS away) the lag grows: the gauges must say so (OutboxLagging).
      await this.updateGauges().catch(() => undefined);
    } finally {
      this.running = false;
      this.schedule(this.kicked ? 0 : next);
    }
  }

  private async housekeeping() {
    await this.updateGauges();
    const now = Date.now();
    if (now - this.lastPrune > 60_000) {
      this.lastPrune = now;
      await this.o.pool.query(`DELETE FROM outbox WHERE published_at < now() - ($1::int * interval '1 millisecond')`, [
        this.o.retainPublishedMs,
      ]);
    }
  }

  /** outbox_pending_events and outbox_lag_seconds, at most every 5 s. */
  private async updateGauges() {
    const now = Date.now();
    if (!this.o.metrics || now - this.lastGauge <= 5_000) return;
    this.lastGauge = now;
    const { rows } = await this.o.pool.query<{ n: string; oldest: Date | null }>(
      'SELECT count(*) AS n, min(occurred_at) AS oldest FROM outbox WHERE published_at IS NULL',
    );
    this.o.metrics.outboxPending.set(Number(rows[0]?.n ?? 0));
    this.o.metrics.outboxLag.set(rows[0]?.oldest ? (now - rows[0].oldest.getTime()) / 1000 : 0);
  }
}

/**
 * Writes an event to the outbox inside the caller's transaction: it is published if and only if the
 * transaction commits. Returns the event id.
 */
export async function enqueueEvent<T extends EventType, S extends Record<string, unknown>>(
  tx: Queryable<S>,
  type: T,
  data: EventData<T>,
  opts: { id?: string; occurredAt?: Date } = {},
): Promise<string> {
  const occurredAt = opts.occurredAt ?? new Date();
  const envelope = encodeEnvelope(type, data, opts.id ?? randomUUID(), occurredAt);
  await tx.insert(outbox).values({ id: envelope.id, subject: type, payload: envelope, occurredAt });
  return envelope.id;
}
