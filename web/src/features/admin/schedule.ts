import { SAST_OFFSET_MS, sastDateKey } from '../../lib/time';
import type { Question } from '../../entities/question/types';
import { DEFAULT_QUESTION_TIME, utcIsoFromDateAndTime } from './createQuestion';

/**
 * The admin's schedule: the queue of the next SAST days (a day starts at 22:00 UTC the evening before) with what
 * publishes on each, and the schedule form's date and time (entered as UTC, as the create form's).
 */

const DAY_MS = 86_400_000;
export const QUEUE_DAYS = 14;

export interface QueueItem {
  question: Question;
  /** When it publishes (a pending schedule) or published (already out that day). */
  at: string;
  published: boolean;
}

export interface QueueDay {
  /** The SAST date, YYYY-MM-DD. */
  key: string;
  /** The day's first instant: 22:00 UTC of the day before. */
  start: Date;
  items: QueueItem[];
}

/** The first instant of SAST day `key` (YYYY-MM-DD): 22:00 UTC of the day before. */
export const sastDayStart = (key: string): Date => new Date(Date.parse(`${key}T00:00:00.000Z`) - SAST_OFFSET_MS);

/** When a question takes up a day of the queue: its pending schedule, or its publication; null otherwise. */
function queueTime(q: Question): { at: string; published: boolean } | null {
  if (q.isArchived) return null;
  if (q.isPublished) return q.publishedAt ? { at: q.publishedAt, published: true } : null;
  return q.scheduledFor && !q.scheduleMissedAt ? { at: q.scheduledFor, published: false } : null;
}

/**
 * The next `days` SAST days from today's, each with the questions scheduled (or already published) on it, in time
 * order. A day with no items is a gap.
 */
export function scheduleQueue(questions: readonly Question[], now: Date, days = QUEUE_DAYS): QueueDay[] {
  const first = sastDayStart(sastDateKey(now)).getTime();
  const queue: QueueDay[] = Array.from({ length: days }, (_, i) => {
    const start = new Date(first + i * DAY_MS);
    return { key: sastDateKey(start), start, items: [] };
  });
  for (const question of questions) {
    const time = queueTime(question);
    if (!time) continue;
    const index = Math.floor((Date.parse(time.at) - first) / DAY_MS);
    if (index >= 0 && index < days) queue[index]!.items.push({ question, ...time });
  }
  for (const day of queue) day.items.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return queue;
}

export const isGap = (day: QueueDay): boolean => day.items.length === 0;

export interface ScheduleForm {
  /** YYYY-MM-DD, UTC. */
  date: string;
  /** HH:MM, UTC. */
  time: string;
}

/** The form for a draft: its pending time; otherwise 13:00 UTC today, or tomorrow once today's 13:00 has passed. */
export function scheduleFormFor(q: Pick<Question, 'scheduledFor' | 'scheduleMissedAt'>, now: Date): ScheduleForm {
  if (q.scheduledFor && !q.scheduleMissedAt) return { date: q.scheduledFor.slice(0, 10), time: q.scheduledFor.slice(11, 16) };
  const today = sastDateKey(now);
  const at = utcIsoFromDateAndTime(today, DEFAULT_QUESTION_TIME)!;
  const date = Date.parse(at) > now.getTime() ? today : new Date(Date.parse(at) + DAY_MS).toISOString().slice(0, 10);
  return { date, time: DEFAULT_QUESTION_TIME };
}

/** The form's instant (UTC ISO), or null when the date or time is not valid. */
export const scheduleInstant = (form: ScheduleForm): string | null => utcIsoFromDateAndTime(form.date.trim(), form.time.trim());
