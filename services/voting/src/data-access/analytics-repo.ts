/**
 * How the day went (admin analytics), read from voting's own tables. Days that have closed were rolled up once
 * (analytics-rollup.ts: answer_days, player_first_days); of the answers only today's are read, through
 * answers_submitted_idx. The province breakdown and the top questions read the counters of the questions published
 * in the range (question_state_published_idx). Every statement is grouped in SQL: at most a row per hour, day,
 * province or question comes back. They are exported for the bench, which runs them under EXPLAIN
 * (load-tests/bench/phases/analytics-cost.ts).
 */
import type pg from 'pg';
import type { RolledUp, Today } from '../domain/analytics.js';

/** SAST is UTC+2 all year; PostgreSQL's zone database agrees, whatever the session's time zone. */
const SAST = `'Africa/Johannesburg'`;

/** $1, $2: the range's instants [start, end). One row per SAST hour with answers. */
export const ANSWERS_BY_HOUR = `
SELECT to_char(h, 'YYYY-MM-DD') AS day, extract(hour FROM h)::int AS hour, n AS answers
FROM (
  SELECT date_trunc('hour', submitted_at AT TIME ZONE ${SAST}) AS h, count(*) AS n
  FROM answers WHERE submitted_at >= $1 AND submitted_at < $2
  GROUP BY 1
) x
ORDER BY h`;

/**
 * $1, $2: today's instants [start, end); $3: today. Today's players (so far), those of them new (no first day before
 * today), and how many of the cohorts of yesterday and of seven days ago (their first day) answered today: the
 * day-1 and day-7 returns so far. One probe of player_first_days per player of today.
 */
export const TODAYS_PLAYERS = `
WITH users AS (SELECT DISTINCT user_id FROM answers WHERE submitted_at >= $1 AND submitted_at < $2)
SELECT count(*) AS players,
  count(*) FILTER (WHERE f.first_day IS NULL OR f.first_day >= $3::date) AS new_players,
  count(*) FILTER (WHERE f.first_day = $3::date - 1) AS back1,
  count(*) FILTER (WHERE f.first_day = $3::date - 7) AS back7
FROM users u LEFT JOIN player_first_days f ON f.user_id = u.user_id`;

/** $1, $2: the first and last day. The rolled-up days of the range (closed days only). */
export const ROLLED_DAYS = `
SELECT day::text AS day, hours, players, new_players, back_day1, back_day7 FROM answer_days WHERE day >= $1::date AND day <= $2::date ORDER BY day`;

/**
 * $1, $2: the range's instants. The answers to the questions published in the range: nationally (province NULL,
 * from the option counters) and by the province their authors had when answering (the province counters): a few
 * rows per question, whatever the number of answers.
 */
export const PROVINCE_PARTICIPATION = `
WITH qs AS (SELECT question_id FROM question_state WHERE published_at >= $1 AND published_at < $2)
SELECT NULL::text AS province, coalesce(sum(count), 0)::bigint AS answers FROM option_counts WHERE question_id IN (SELECT question_id FROM qs)
UNION ALL
SELECT province, sum(count)::bigint AS answers FROM province_counts WHERE question_id IN (SELECT question_id FROM qs) GROUP BY province`;

/** $1, $2: the range's instants; $3: how many. The questions published in the range with the most answers. */
export const TOP_QUESTIONS = `
SELECT q.question_id, q.text, q.published_at, coalesce(sum(c.count), 0)::bigint AS answers
FROM question_state q LEFT JOIN option_counts c ON c.question_id = q.question_id
WHERE q.published_at >= $1 AND q.published_at < $2
GROUP BY q.question_id
ORDER BY answers DESC, q.published_at ASC, q.question_id
LIMIT $3`;

export interface HourRow {
  day: string;
  hour: number;
  answers: number;
}

/** Today's players as the domain reads them (domain/analytics.ts `Today`, but its day and hours). */
export type TodaysPlayers = Omit<Today, 'day' | 'hours'>;

export interface TopQuestionRow {
  questionId: string;
  text: string;
  publishedAt: Date;
  answers: number;
}

type Range = { start: Date; end: Date };
const n = (v: string | number) => Number(v);

export async function answersByHour(pool: pg.Pool, r: Range): Promise<HourRow[]> {
  const res = await pool.query<{ day: string; hour: number; answers: string }>(ANSWERS_BY_HOUR, [r.start, r.end]);
  return res.rows.map((x) => ({ day: x.day, hour: x.hour, answers: n(x.answers) }));
}

export async function todaysPlayers(pool: pg.Pool, today: string, r: Range): Promise<TodaysPlayers> {
  const res = await pool.query<Record<string, string>>(TODAYS_PLAYERS, [r.start, r.end, today]);
  const x = res.rows[0]!;
  return { players: n(x.players!), newPlayers: n(x.new_players!), back1: n(x.back1!), back7: n(x.back7!) };
}

export async function rolledDays(pool: pg.Pool, firstDay: string, lastDay: string): Promise<RolledUp[]> {
  const res = await pool.query<{ day: string; hours: number[]; players: number; new_players: number; back_day1: number | null; back_day7: number | null }>(ROLLED_DAYS, [firstDay, lastDay]);
  return res.rows.map((x) => ({ day: x.day, hours: x.hours, players: x.players, newPlayers: x.new_players, backDay1: x.back_day1, backDay7: x.back_day7 }));
}

/** The national total and each province's (codes with answers only). */
export async function provinceParticipation(pool: pg.Pool, r: Range): Promise<{ national: number; provinces: [string, number][] }> {
  const res = await pool.query<{ province: string | null; answers: string }>(PROVINCE_PARTICIPATION, [r.start, r.end]);
  const national = n(res.rows.find((x) => x.province === null)?.answers ?? 0);
  return { national, provinces: res.rows.filter((x) => x.province !== null).map((x) => [x.province!, n(x.answers)]) };
}

export async function topQuestions(pool: pg.Pool, r: Range, limit: number): Promise<TopQuestionRow[]> {
  const res = await pool.query<{ question_id: string; text: string; published_at: Date; answers: string }>(TOP_QUESTIONS, [r.start, r.end, limit]);
  return res.rows.map((x) => ({ questionId: x.question_id, text: x.text, publishedAt: x.published_at, answers: n(x.answers) }));
}
