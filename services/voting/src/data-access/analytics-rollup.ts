/**
 * The analytics roll-up: once a SAST day has closed, its figures are computed once from its own answers (read through
 * answers_submitted_idx, bounded by that day) and kept in answer_days; each player seen that day for the first time
 * goes into player_first_days. A read of "how the day went" then touches only today's answers and at most 31 rows,
 * whatever the number of answers before today (analytics-repo.ts). Days are rolled up in order, each in a transaction
 * under one advisory lock, so replicas and the periodic job (jobs/analytics-rollup.ts) never roll a day up twice.
 */
import type pg from 'pg';
import { addDays, ANALYTICS_MAX_DAYS, sastDate, sastDayStart } from '@mzansi/kit';

/** SAST is UTC+2 all year; PostgreSQL's zone database agrees, whatever the session's time zone. */
const SAST = `'Africa/Johannesburg'`;

/**
 * $1 the day, $2 $3 its instants [start, end), $4 when. The day's players (its distinct answerers); those not in
 * player_first_days get this day as their first; new players = those plus the ones already recorded with this day
 * (from the migration's backfill); the day's answers per hour; and, for the cohorts of the day before and of seven
 * days before (players whose first day that was), how many answered on this day: their day-1 and day-7 returns.
 */
export const ROLL_UP_DAY = `
WITH users AS (
  SELECT DISTINCT user_id FROM answers WHERE submitted_at >= $2 AND submitted_at < $3
), firsts AS (
  INSERT INTO player_first_days (user_id, first_day) SELECT user_id, $1::date FROM users
  ON CONFLICT (user_id) DO NOTHING
  RETURNING user_id
), hours AS (
  SELECT extract(hour FROM submitted_at AT TIME ZONE ${SAST})::int AS h, count(*)::int AS n
  FROM answers WHERE submitted_at >= $2 AND submitted_at < $3 GROUP BY 1
), known AS (
  SELECT
    count(*) FILTER (WHERE f.first_day = $1::date) AS already_first,
    count(*) FILTER (WHERE f.first_day = $1::date - 1) AS back1,
    count(*) FILTER (WHERE f.first_day = $1::date - 7) AS back7
  FROM users u JOIN player_first_days f ON f.user_id = u.user_id
), counted AS (
  SELECT (SELECT count(*) FROM users)::int AS players, ((SELECT count(*) FROM firsts) + known.already_first)::int AS new_players,
    known.back1::int AS back1, known.back7::int AS back7
  FROM known
), ins AS (
  INSERT INTO answer_days (day, hours, players, new_players, rolled_at)
  SELECT $1::date, (SELECT array_agg(coalesce(hours.n, 0) ORDER BY g.h) FROM generate_series(0, 23) AS g(h) LEFT JOIN hours ON hours.h = g.h),
    players, new_players, $4 FROM counted
  ON CONFLICT (day) DO NOTHING
), day1 AS (
  UPDATE answer_days SET back_day1 = (SELECT back1 FROM counted) WHERE day = $1::date - 1
), day7 AS (
  UPDATE answer_days SET back_day7 = (SELECT back7 FROM counted) WHERE day = $1::date - 7
)
SELECT players, new_players FROM counted`;

const LOCK = `SELECT pg_advisory_xact_lock(hashtext('voting:analytics-rollup'))`;

/**
 * The next closed SAST day to roll up, or null when every closed day is: the day after the last one rolled up (with
 * none yet, 38 days before today: the oldest range's first day and its cohorts' day-7 returns), if before today.
 */
async function nextDay(q: pg.Pool | pg.PoolClient, today: string): Promise<string | null> {
  const { rows } = await q.query<{ last: string | null }>(`SELECT max(day)::text AS last FROM answer_days`);
  const next = rows[0]?.last ? addDays(rows[0].last, 1) : addDays(today, -(ANALYTICS_MAX_DAYS + 7));
  return next < today ? next : null;
}

/**
 * Rolls up the closed days not rolled up yet, oldest first, each in its own transaction under the roll-up's lock,
 * which picks the next day afresh (so replicas and the job advance one sequence, in order). With `budgetMs`, no further
 * day is started once that much time has passed (at least one is rolled up): `behind` says days were left for later.
 */
export async function rollUpClosedDays(pool: pg.Pool, now: Date, budgetMs = Number.POSITIVE_INFINITY): Promise<{ rolled: string[]; behind: boolean }> {
  const today = sastDate(now);
  const started = performance.now();
  const rolled: string[] = [];
  for (;;) {
    if (rolled.length > 0 && performance.now() - started >= budgetMs) return { rolled, behind: (await nextDay(pool, today)) !== null };
    const day = await rollUpNext(pool, today, now);
    if (!day) return { rolled, behind: false };
    rolled.push(day);
  }
}

/** The next closed day, rolled up in a transaction under the lock; null when none is left. */
async function rollUpNext(pool: pg.Pool, today: string, now: Date): Promise<string | null> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query(LOCK);
    const day = await nextDay(c, today);
    if (day) await c.query(ROLL_UP_DAY, [day, sastDayStart(day), sastDayStart(addDays(day, 1)), now]);
    await c.query('COMMIT');
    return day;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}
