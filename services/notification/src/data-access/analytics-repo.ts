/**
 * Push clicks and how the day went for deliveries (admin analytics), from notification's own tables: the delivery
 * log (one row per notification and target, its outcome's time in updated_at) and push_clicks. Each statement reads
 * through an index (deliveries_push_user_idx, deliveries_updated_idx, push_clicks_clicked_idx) and groups in SQL.
 */
import { lt } from 'drizzle-orm';
import type pg from 'pg';
import { sastDaySql } from '@mzansi/kit';
import { pushClicks } from './schema.js';
import type { NotificationQueryable } from '../context.js';

/**
 * $1 notification (event) id, $2 user, $3 when. The click counts when a push of that notification was delivered
 * (sent) to one of the user's devices, once per user and notification (the primary key): `received` false → not
 * theirs; `counted` false on a repeat.
 */
const RECORD_CLICK = `
WITH received AS (
  SELECT 1 FROM deliveries WHERE user_id = $2 AND event_id = $1 AND channel = 'push' AND status = 'sent' LIMIT 1
), ins AS (
  INSERT INTO push_clicks (event_id, user_id, clicked_at)
  SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM received)
  ON CONFLICT (event_id, user_id) DO NOTHING
  RETURNING 1
)
SELECT EXISTS (SELECT 1 FROM received) AS received, EXISTS (SELECT 1 FROM ins) AS counted`;

export async function recordPushClick(pool: pg.Pool, eventId: string, userId: string, at: Date): Promise<{ received: boolean; counted: boolean }> {
  const res = await pool.query<{ received: boolean; counted: boolean }>(RECORD_CLICK, [eventId, userId, at]);
  return res.rows[0]!;
}

/**
 * $1, $2: the range's instants [start, end). Per SAST day: push and e-mail outcomes (a push refused as gone counts
 * as failed; rows still 'sending' are not outcomes yet) and push clicks.
 */
export const DELIVERIES_BY_DAY = `
SELECT day, sum(push_sent) AS push_sent, sum(push_failed) AS push_failed, sum(push_clicks) AS push_clicks,
  sum(email_sent) AS email_sent, sum(email_failed) AS email_failed
FROM (
  SELECT ${sastDaySql('updated_at')} AS day,
    count(*) FILTER (WHERE channel = 'push' AND status = 'sent') AS push_sent,
    count(*) FILTER (WHERE channel = 'push' AND status IN ('failed', 'gone')) AS push_failed,
    0 AS push_clicks,
    count(*) FILTER (WHERE channel = 'email' AND status = 'sent') AS email_sent,
    count(*) FILTER (WHERE channel = 'email' AND status IN ('failed', 'gone')) AS email_failed
  FROM deliveries WHERE updated_at >= $1 AND updated_at < $2 AND status <> 'sending'
  GROUP BY 1
  UNION ALL
  SELECT ${sastDaySql('clicked_at')} AS day, 0, 0, count(*), 0, 0
  FROM push_clicks WHERE clicked_at >= $1 AND clicked_at < $2
  GROUP BY 1
) x
GROUP BY day ORDER BY day`;

export interface DeliveryDayRow {
  day: string;
  pushSent: number;
  pushFailed: number;
  pushClicks: number;
  emailSent: number;
  emailFailed: number;
}

export async function deliveriesByDay(pool: pg.Pool, r: { start: Date; end: Date }): Promise<DeliveryDayRow[]> {
  const res = await pool.query<Record<string, string>>(DELIVERIES_BY_DAY, [r.start, r.end]);
  return res.rows.map((x) => ({
    day: x.day!,
    pushSent: Number(x.push_sent),
    pushFailed: Number(x.push_failed),
    pushClicks: Number(x.push_clicks),
    emailSent: Number(x.email_sent),
    emailFailed: Number(x.email_failed),
  }));
}

/** Clicks older than the delivery log's retention (the retention job). */
export async function pruneClicks(db: NotificationQueryable, cutoff: Date): Promise<number> {
  return (await db.delete(pushClicks).where(lt(pushClicks.clickedAt, cutoff)).returning({ e: pushClicks.eventId })).length;
}
