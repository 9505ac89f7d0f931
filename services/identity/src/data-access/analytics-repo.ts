import type pg from 'pg';
import { sastDaySql } from '@mzansi/kit';

/**
 * How the day went (admin analytics): sign-ups (accounts by join date) per SAST day of [$1, $2), through
 * users_join_date_idx and grouped in SQL: at most a row per day of the range. Exported for the bench's EXPLAIN.
 */
export const SIGNUPS_BY_DAY = `
SELECT ${sastDaySql('join_date')} AS day, count(*) AS signups
FROM users WHERE join_date >= $1 AND join_date < $2
GROUP BY 1 ORDER BY 1`;

export async function signupsByDay(pool: pg.Pool, r: { start: Date; end: Date }): Promise<{ day: string; signups: number }[]> {
  const res = await pool.query<{ day: string; signups: string }>(SIGNUPS_BY_DAY, [r.start, r.end]);
  return res.rows.map((x) => ({ day: x.day, signups: Number(x.signups) }));
}
