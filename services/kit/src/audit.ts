import { createHash } from 'node:crypto';
import type { AuditProducer } from '@mzansi/proto/events';
import type { Queryable, Tx } from './db.js';
import { AppError } from './errors.js';
import { enqueueEvent } from './outbox.js';
import type { Logger } from './logger.js';
import { systemClock, type Clock } from './time.js';

/**
 * The admin audit log (PRODUCT.md "Privacy"): every admin action is recorded with actor, action, target, time and
 * outcome. A service records a successful action in the action's own transaction (so there is no action without its
 * record and no record of an action that rolled back); a refused or failed action is recorded right after, in a
 * transaction of its own. Identity keeps the records in its append-only `audit_log`; other services hand them over
 * as `<service>.audit.recorded` events through their outbox.
 */

export type AuditOutcome = 'success' | 'failure';

/** What the action is about. The handler may fill in the id and label once it knows them (a created row's id). */
export interface AuditTarget {
  targetType: string;
  targetId: string;
  targetLabel?: string;
  /** What a successful action did, when its action name does not say enough (a resolution's source, a reason). */
  detail?: string;
}

export interface AuditRecord extends AuditTarget {
  actorId: string;
  action: string;
  outcome: AuditOutcome;
  detail: string;
  occurredAt: Date;
}

/** A service's tables, as Drizzle types its database (`typeof schema`). */
type Tables = Record<string, unknown>;

/** Writes one record inside the given transaction, on a service's database of tables `S`. */
export type AuditWriter<S extends Tables> = (tx: Queryable<S>, record: AuditRecord) => Promise<void>;

const LABEL_MAX = 200;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** A record as it travels and is stored: bounded text, so one odd input cannot bloat the log. */
export function boundedRecord(r: AuditRecord): AuditRecord {
  return {
    ...r,
    action: clip(r.action, 60),
    targetType: clip(r.targetType, 40),
    targetId: clip(r.targetId, 100),
    targetLabel: clip(r.targetLabel ?? '', LABEL_MAX),
    detail: clip(r.detail, 500),
  };
}

/** The writer of the services that do not keep the log: an `<service>.audit.recorded` event in the same transaction. */
export function auditEventWriter(producer: AuditProducer): <S extends Tables>(tx: Queryable<S>, record: AuditRecord) => Promise<void> {
  const type = `${producer}.audit.recorded` as const;
  return async (tx, record) => {
    const r = boundedRecord(record);
    await enqueueEvent(
      tx,
      type,
      {
        actorId: r.actorId,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        targetLabel: r.targetLabel ?? '',
        outcome: r.outcome,
        detail: r.detail,
        occurredAt: r.occurredAt,
      },
      { occurredAt: r.occurredAt },
    );
  };
}

/**
 * A user as an audit target: a one-way hash of the id instead of the id, so that an erased account leaves no id in
 * the log, while whoever holds the id can still find the entry (UUIDs are random, so the hash cannot be reversed).
 */
export const auditUserTarget = (userId: string): string => `sha256:${createHash('sha256').update(userId.toLowerCase()).digest('hex').slice(0, 32)}`;

export interface AuditDeps<S extends Tables> {
  transaction<T>(fn: (tx: Tx<S>) => Promise<T>): Promise<T>;
  logger: Logger;
  write: AuditWriter<S>;
  clock?: Clock;
}

/** The audit deps of a service's context: its transactions and logger, with the writer it records through. */
export function auditDeps<S extends Tables>(
  ctx: { transaction<T>(fn: (tx: Tx<S>) => Promise<T>): Promise<T>; logger: Logger },
  write: AuditWriter<S>,
  clock?: Clock,
): AuditDeps<S> {
  return { transaction: (fn) => ctx.transaction(fn), logger: ctx.logger, write, clock };
}

/**
 * Runs an admin action in a transaction that also records it as a success. When the action throws (not found,
 * wrong state, bad input, database trouble) the error is recorded as a failure with the message the admin saw,
 * and rethrown. `target` may be completed by the action (e.g. the id of what it created, a readable label).
 */
export async function audited<T, S extends Tables>(
  deps: AuditDeps<S>,
  entry: { actorId: string; action: string; target: AuditTarget },
  action: (tx: Tx<S>, target: AuditTarget) => Promise<T>,
): Promise<T> {
  const clock = deps.clock ?? systemClock;
  const target: AuditTarget = { ...entry.target };
  try {
    return await deps.transaction(async (tx) => {
      const result = await action(tx, target);
      await deps.write(tx, { actorId: entry.actorId, action: entry.action, ...target, outcome: 'success', detail: target.detail ?? '', occurredAt: clock() });
      return result;
    });
  } catch (err) {
    const detail = err instanceof AppError ? err.message : 'Internal error';
    await deps
      .transaction((tx) => deps.write(tx, { actorId: entry.actorId, action: entry.action, ...target, outcome: 'failure', detail, occurredAt: clock() }))
      .catch((writeErr: Error) => deps.logger.warn({ err: writeErr.message, action: entry.action }, 'could not record a failed admin action'));
    throw err;
  }
}
