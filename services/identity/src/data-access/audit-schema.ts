import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The admin audit log: append-only. A trigger (migration 0002) refuses UPDATE and TRUNCATE, and DELETE except from
 * the retention job, which names its cut-off in a transaction setting and may delete only rows older than it.
 * `id` is the audit event's id (or a fresh one for identity's own actions), so a redelivered event adds nothing.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    occurredAt: ts('occurred_at').notNull(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull().default(''),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    detail: text('detail').notNull().default(''),
    /** The service that recorded it. */
    source: text('source').notNull(),
  },
  (t) => [
    index('audit_log_occurred_idx').on(t.occurredAt.desc(), t.id.desc()),
    check('audit_log_outcome_check', sql`${t.outcome} IN ('success', 'failure')`),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
