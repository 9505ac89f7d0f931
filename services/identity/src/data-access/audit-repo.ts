import { randomUUID } from 'node:crypto';
import { count, desc, eq, sql } from 'drizzle-orm';
import { boundedRecord, type AuditRecord, type AuditWriter } from '@mzansi/kit';
import { auditLog } from './audit-schema.js';
import { users } from './schema.js';
import type { IdentityQueryable, IdentitySchema, IdentityTx } from '../context.js';

type Q = IdentityQueryable;

/** Appends one entry; an id seen before (a redelivered event) adds nothing. */
export async function appendAudit(db: Q, id: string, source: string, record: AuditRecord): Promise<void> {
  const r = boundedRecord(record);
  await db
    .insert(auditLog)
    .values({
      id,
      source,
      occurredAt: r.occurredAt,
      actorId: r.actorId,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetLabel: r.targetLabel ?? '',
      outcome: r.outcome,
      detail: r.detail,
    })
    .onConflictDoNothing();
}

/** One page, newest first, with the actor's current username and name (empty when the account is gone). */
export async function listAudit(db: Q, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .select({ entry: auditLog, actorUsername: users.username, actorName: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * Deletes entries older than `cutoff` (retention). The table's trigger lets a DELETE through only inside a
 * transaction that names its cut-off, and only for rows older than it; so this is the one way rows ever leave.
 */
export async function purgeAuditBefore(tx: IdentityTx, cutoff: Date): Promise<number> {
  await tx.execute(sql`SELECT set_config('mzansi.audit_retention_cutoff', ${cutoff.toISOString()}, true)`);
  const rows = await tx.delete(auditLog).where(sql`${auditLog.occurredAt} < ${cutoff}`).returning({ id: auditLog.id });
  return rows.length;
}

/** Identity's own admin actions (deleting a user) go straight into the log, in the action's transaction. */
export const identityAuditWriter: AuditWriter<IdentitySchema> = (tx, record) => appendAudit(tx, randomUUID(), 'identity', record);
