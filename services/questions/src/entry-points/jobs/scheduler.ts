import { auditEventWriter, prom, type Clock } from '@mzansi/kit';
import { countMissed, claimDue } from '../../data-access/schedule-repo.js';
import { applyPublish } from '../../data-access/publish.js';
import { updateQuestion } from '../../data-access/questions-repo.js';
import { assertCanPublish } from '../../domain/questions.js';
import { dueOutcome, scheduleAuditDetail } from '../../domain/schedule.js';
import type { QuestionsContext } from '../../context.js';

/** The audit actor of a schedule whose admin has since been erased. */
export const SCHEDULER_ACTOR = '00000000-0000-0000-0000-000000000000';
/** Due rows claimed per transaction; a pass goes on until none are left. */
const BATCH = 20;

const writeAudit = auditEventWriter('questions');

/** The scheduler's metrics, on the service's registry: a miss is what operators alert on (docs/operations.md). */
function schedulerMetrics(ctx: QuestionsContext) {
  const registers = [ctx.metrics.registry];
  const published = new prom.Counter({ name: 'questions_scheduled_published_total', help: 'Drafts published by their schedule', registers });
  const missed = new prom.Counter({ name: 'questions_schedule_missed_total', help: 'Schedules missed past their SAST day (left as drafts)', registers });
  new prom.Gauge({
    name: 'questions_schedule_missed_drafts',
    help: 'Drafts whose schedule was missed and that nobody has rescheduled yet',
    registers,
    async collect() {
      this.set(await countMissed(ctx.db).catch(() => Number.NaN));
    },
  });
  return { published, missed };
}

export type SchedulerMetrics = ReturnType<typeof schedulerMetrics>;

/**
 * One pass at the clock's time: every due schedule is published (still its SAST day) or marked missed, each in the
 * transaction that claimed it (FOR UPDATE SKIP LOCKED) together with its event and its audit record, so that any
 * number of replicas act on a schedule exactly once.
 */
export async function runSchedulerPass(ctx: QuestionsContext, clock: Clock, metrics?: SchedulerMetrics): Promise<{ published: number; missed: number }> {
  const total = { published: 0, missed: 0 };
  for (;;) {
    const claimed = await ctx.transaction(async (tx) => {
      const now = clock();
      const rows = await claimDue(tx, now, BATCH);
      for (const row of rows) {
        const outcome = dueOutcome(row.scheduledFor!, now, row.closesAt);
        if (outcome.kind === 'publish') {
          assertCanPublish(row);
          await applyPublish(tx, row, now);
          total.published++;
        } else {
          await updateQuestion(tx, row.id, { scheduleMissedAt: now });
          total.missed++;
          ctx.logger.warn({ questionId: row.id, scheduledFor: row.scheduledFor, closesAt: row.closesAt }, 'scheduled publish missed (past its SAST day or close time): left as a draft');
        }
        await writeAudit(tx, {
          actorId: row.scheduledBy ?? SCHEDULER_ACTOR,
          action: outcome.kind === 'publish' ? 'question.publish.scheduled' : 'question.schedule.missed',
          targetType: 'question',
          targetId: row.id,
          targetLabel: row.text,
          outcome: outcome.kind === 'publish' ? 'success' : 'failure',
          detail: scheduleAuditDetail(row.scheduledFor!, outcome),
          occurredAt: now,
        });
      }
      return rows.length;
    });
    if (claimed < BATCH) break;
  }
  metrics?.published.inc(total.published);
  metrics?.missed.inc(total.missed);
  if (total.published) ctx.logger.info({ published: total.published }, 'scheduled questions published');
  return total;
}

/** Runs a pass now and every `intervalMs`; `stop()` waits for the pass in progress. */
export function startScheduler(ctx: QuestionsContext, clock: Clock, intervalMs: number) {
  const metrics = schedulerMetrics(ctx);
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return; // the previous pass is still at work
    running = runSchedulerPass(ctx, clock, metrics)
      .then(() => undefined)
      .catch((err: Error) => ctx.logger.warn({ err: err.message }, 'scheduler pass failed; will retry'))
      .finally(() => {
        running = undefined;
      });
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
