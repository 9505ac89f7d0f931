import { auditDeps, auditEventWriter, forbidden, unaryService, type AuditDeps, type CallContext, type Clock } from '@mzansi/kit';
import type { Question, QuestionsServiceServer } from '@mzansi/proto/questions/v1/questions';
import type { QuestionRow } from '../../data-access/schema.js';
import { toSnapshot } from '../../data-access/snapshot.js';
import type { QuestionsContext, QuestionsSchema } from '../../context.js';

/** What the questions service's handler files share (each imports this; none imports another). */

export type Ctx = QuestionsContext;

/** The promise handlers of QuestionsService, as `unaryService` takes them. */
export type QuestionsHandlers = Parameters<typeof unaryService<QuestionsServiceServer>>[1];

export function requireAdmin(call: CallContext) {
  const actor = call.requireActor();
  if (!actor.isAdmin) throw forbidden('Admin access required');
  return actor;
}

/** How questions' admin actions reach the audit log: an event in the action's own transaction (kit/audit.ts). */
export const questionsAudit = (ctx: Ctx, clock: Clock): AuditDeps<QuestionsSchema> => auditDeps(ctx, auditEventWriter('questions'), clock);

/** A question as the contracts carry it: its event snapshot, plus the state only the questions service shows. */
export function toQuestion(row: QuestionRow): Question {
  return {
    ...toSnapshot(row),
    correctOptionId: row.correctOptionId ?? '',
    isActive: row.isActive,
    isResolved: row.isResolved,
    isArchived: row.isArchived,
    isPublished: row.isPublished,
    createdAt: row.createdAt,
    isSample: row.isSample,
    isBlind: row.isBlind,
  };
}
