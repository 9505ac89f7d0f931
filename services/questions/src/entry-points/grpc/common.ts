import { audited, auditDeps, auditEventWriter, codedMessage, forbidden, isUuid, notFound, unaryService, type AuditDeps, type AuditTarget, type CallContext, type Clock } from '@mzansi/kit';
import type { Question, QuestionsServiceServer, Resolution } from '@mzansi/proto/questions/v1/questions';
import type { QuestionRow } from '../../data-access/schema.js';
import { toSnapshot } from '../../data-access/snapshot.js';
import { findForUpdate } from '../../data-access/questions-repo.js';
import { isClosed } from '../../domain/closing.js';
import type { QuestionsContext, QuestionsSchema, QuestionsTx } from '../../context.js';

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

export const NOT_FOUND = codedMessage('questionNotFound', 'Question not found');

/** A question id as a path gives it: anything but a UUID is simply not found. */
export function checkId(id: string): string {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  return id;
}

/**
 * Locks the question, checks the transition, applies it and writes its event and its audit record, all in one
 * transaction; a refused transition is audited as a failure.
 */
export function questionTransition(audit: AuditDeps<QuestionsSchema>) {
  return (id: string, who: { actorId: string; action: string }, apply: (row: QuestionRow, tx: QuestionsTx, target: AuditTarget) => Promise<QuestionRow>) =>
    audited(audit, { ...who, target: { targetType: 'question', targetId: id } }, async (tx, target) => {
      const row = await findForUpdate(tx, checkId(id));
      if (!row) throw notFound(NOT_FOUND);
      target.targetLabel = row.text;
      return apply(row, tx, target);
    });
}

export type QuestionTransition = ReturnType<typeof questionTransition>;

/**
 * A question as the contracts carry it at `now`: its event snapshot, plus the state only the questions service shows
 * (whether answering has closed is of the moment of the call).
 */
export function toQuestion(row: QuestionRow, now: Date): Question {
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
    scheduledFor: row.scheduledFor ?? undefined,
    scheduleMissedAt: row.scheduleMissedAt ?? undefined,
    suggestionId: row.suggestionId ?? '',
    resolutionCriteria: row.resolutionCriteria ?? '',
    closesAt: row.closesAt ?? undefined,
    isClosed: isClosed(row, now),
    resolution: resolutionOf(row),
  };
}

/**
 * A resolved question's source, note and times; undefined until resolved, and for a question resolved before
 * resolutions named a source (nothing is made up for it: the API shows `resolution: null` beside `isResolved`).
 */
export function resolutionOf(row: QuestionRow): Resolution | undefined {
  if (!row.isResolved || !row.resolvedAt || !row.resolutionSourceUrl || !row.resolutionSourceTitle) return undefined;
  return {
    source: { url: row.resolutionSourceUrl, title: row.resolutionSourceTitle },
    note: row.resolutionNote ?? '',
    resolvedAt: row.resolvedAt,
    correctedAt: row.resolutionCorrectedAt ?? undefined,
  };
}

/** `toQuestion` for a list, all at one instant. */
export const toQuestions = (rows: QuestionRow[], now: Date): Question[] => rows.map((row) => toQuestion(row, now));
