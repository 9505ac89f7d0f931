import { z } from 'zod';
import { isoDate } from './common.js';

/**
 * How the day went: GET /api/admin/analytics/day. Every figure comes from the services' own tables (voting's answers
 * and counters, identity's accounts, social's comments and reports, notification's delivery log and push clicks),
 * over today and the 14 SAST days before it (Africa/Johannesburg, UTC+2). docs/analytics.md defines each figure.
 */
const count = z.number().int().nonnegative();
const sastDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** How many of a day's new players came back on day N, and their share (%, one decimal; null without new players). */
export const Returned = z.strictObject({
  returned: count,
  rate: z.number().min(0).max(100).nullable(),
  /** False while day N is today (the figure is so far). */
  complete: z.boolean(),
});

export const AnalyticsDay = z.strictObject({
  day: sastDay,
  /** Predictions (answers) submitted that day. */
  answers: count,
  /** Players who predicted that day; of them new (their first prediction ever) and returning (they had predicted before). */
  players: count,
  newPlayers: count,
  returningPlayers: count,
  /** Accounts created that day. */
  signups: count,
  /** Comments (replies included) and reports of comments written that day. */
  comments: count,
  reports: count,
  /** Pushes and e-mails by the day of their outcome (failed includes a push service's "gone"); push clicks by their day. */
  push: z.strictObject({ sent: count, failed: count, clicks: count }),
  email: z.strictObject({ sent: count, failed: count }),
});

export const DayAnalytics = z.strictObject({
  timeZone: z.literal('Africa/Johannesburg'),
  today: sastDay,
  firstDay: sastDay,
  /** Today's 24 SAST hours: predictions in that hour today, and the mean of the same hour over the days before. */
  hours: z.array(z.strictObject({ hour: z.number().int().min(0).max(23), today: count, typical: z.number().nonnegative() })).length(24),
  /** Every SAST day from firstDay to today. */
  days: z.array(AnalyticsDay),
  /**
   * Day-1 and day-7 retention, per day D of the range before today: of the players whose first prediction ever was
   * on D, those who predicted on D + 1 and on D + 7 (null while that day is still to come).
   */
  retention: z.array(z.strictObject({ day: sastDay, newPlayers: count, day1: Returned.nullable(), day7: Returned.nullable() })),
  /**
   * Predictions on the questions published in the range, by the province their authors had when predicting: only
   * the provinces that may be shown (none under 30; national minus those shown 0 or at least 30). notShown = national
   * minus the provinces shown (smaller provinces and answers without a province).
   */
  provinces: z.strictObject({
    national: count,
    shown: z.array(z.strictObject({ province: z.string(), answers: count })),
    notShown: count,
  }),
  /** The questions published in the range with the most predictions (at most 5). */
  topQuestions: z.array(z.strictObject({ id: z.string(), text: z.string(), publishedAt: isoDate, answers: count })),
});

/** POST /api/notifications/push-clicks: the service worker reports a click on a notification (its id, a uuid). */
export const PushClickBody = z.object({ id: z.string().uuid({ message: 'Please send the notification’s id' }) });
/** counted: this was the first click of this person on this notification (a repeat changes nothing). */
export const PushClick = z.strictObject({ success: z.literal(true), counted: z.boolean() });

export type DayAnalytics = z.infer<typeof DayAnalytics>;
export type AnalyticsDay = z.infer<typeof AnalyticsDay>;
export type Returned = z.infer<typeof Returned>;
