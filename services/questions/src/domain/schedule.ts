import { conflict, invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';
import { sastDate } from '@mzansi/kit/clock';
import { MESSAGES as QUESTION_MESSAGES } from './questions.js';
import { isPastClose } from './closing.js';

/**
 * Scheduled publishing: a draft given a publish time publishes itself at that time, as a manual publish does. A
 * schedule found due late (the service was down) still publishes while it is the same SAST day as its time; past that
 * day's end it is missed: the question stays a draft, marked, until an admin reschedules it.
 */

export interface SchedulableState {
  isPublished: boolean;
  isArchived: boolean;
}

export interface ScheduleState extends SchedulableState {
  scheduledFor: Date | null;
  scheduleMissedAt: Date | null;
}

export const SCHEDULE_MESSAGES = codedMessages('schedule', {
  required: 'Please choose a date and time',
  future: 'The publish time must be in the future',
  range: 'The publish time must be between 2024 and 2100',
} as const);

/** Checks a schedule (or a new time for one): only a draft, not archived, at a valid time after `now`. */
export function assertCanSchedule(q: SchedulableState, publishAt: Date | undefined, now: Date): Date {
  if (q.isArchived) throw conflict(QUESTION_MESSAGES.archivedPublish);
  if (q.isPublished) throw conflict(QUESTION_MESSAGES.alreadyPublished);
  if (!publishAt || Number.isNaN(publishAt.getTime())) throw invalid(SCHEDULE_MESSAGES.required);
  const year = publishAt.getUTCFullYear();
  if (year < 2024 || year > 2100) throw invalid(SCHEDULE_MESSAGES.range);
  if (publishAt.getTime() <= now.getTime()) throw invalid(SCHEDULE_MESSAGES.future);
  return publishAt;
}

/** Unscheduling is for drafts; a draft without a schedule is left as it is. */
export function assertCanUnschedule(q: SchedulableState): void {
  if (q.isPublished) throw conflict(QUESTION_MESSAGES.alreadyPublished);
}

/**
 * Whether the scheduler should act on the question at `now`: a pending schedule (not missed) of a draft that is not
 * archived, whose time has come. The scheduler's query (data-access/schedule-repo.ts) says the same in SQL so that it
 * can claim the rows under lock; the component test holds the two together.
 */
export function isDue(q: ScheduleState, now: Date): boolean {
  return q.scheduledFor !== null && !q.isPublished && !q.isArchived && q.scheduleMissedAt === null && q.scheduledFor.getTime() <= now.getTime();
}

export type DueOutcome = { kind: 'publish'; lateMs: number } | { kind: 'missed'; lateMs: number; closed?: boolean };

/**
 * What to do with a due schedule at `now`: publish while it is still the SAST day of its time, otherwise missed;
 * also missed once its close time has passed (published, it would take no answer).
 */
export function dueOutcome(scheduledFor: Date, now: Date, closesAt: Date | null = null): DueOutcome {
  const lateMs = Math.max(0, now.getTime() - scheduledFor.getTime());
  if (isPastClose(closesAt, now)) return { kind: 'missed', lateMs, closed: true };
  return sastDate(scheduledFor) === sastDate(now) ? { kind: 'publish', lateMs } : { kind: 'missed', lateMs };
}

/** "2 h 5 min 3 s" (whole seconds; "0 s" when on time). */
export function formatLateness(ms: number): string {
  const s = Math.floor(ms / 1000);
  const parts = [
    [Math.floor(s / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'min'],
    [s % 60, 's'],
  ] as const;
  const shown = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}`);
  return shown.length ? shown.join(' ') : '0 s';
}

/** The audit log's detail of what the scheduler did: the time it was scheduled for and how late it acted. */
export function scheduleAuditDetail(scheduledFor: Date, outcome: DueOutcome): string {
  const at = scheduledFor.toISOString();
  if (outcome.kind === 'publish') return `Scheduled for ${at}; published ${formatLateness(outcome.lateMs)} late`;
  const why = outcome.closed ? 'past its close time' : 'past its SAST day';
  return `Scheduled for ${at}; missed by ${formatLateness(outcome.lateMs)}, ${why}: left as a draft`;
}
