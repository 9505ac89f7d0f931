import type pg from 'pg';
import type { Snapshot } from '../domain/history.js';

/** A question's part of a history read: what voting knows of it, the probed snapshots and the exact counters. */
export interface HistoryRows {
  questionId: string;
  options: { id: string; text: string }[];
  publishedAt: Date;
  resolvedAt: Date | null;
  snapshots: Snapshot[];
  current: Map<string, number>;
}

/**
 * Writes the counters as just read (one row per question and bucket; a later read of the same bucket replaces an
 * earlier one, never the other way round when two replicas race). One statement for all the questions of a flush.
 */
export async function writeSnapshots(pool: pg.Pool, rows: { questionId: string; bucket: Date; at: Date; counts: Record<string, number> }[]): Promise<void> {
  if (rows.length === 0) return;
  await pool.query({
    name: 'voting-write-results-history',
    text: `INSERT INTO results_history (question_id, bucket, at, counts)
      SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::jsonb[])
      ON CONFLICT (question_id, bucket) DO UPDATE SET at = EXCLUDED.at, counts = EXCLUDED.counts
      WHERE results_history.at <= EXCLUDED.at`,
    values: [
      rows.map((r) => r.questionId),
      rows.map((r) => r.bucket.toISOString()),
      rows.map((r) => r.at.toISOString()),
      rows.map((r) => JSON.stringify(r.counts)),
    ],
  });
}

/**
 * `probes` moments spread over each question's life (publish → `now`, or → resolution), and for each the latest
 * snapshot at or before it: one index probe (the primary key, newest bucket first) per moment, so a read touches at
 * most `probes` rows per question however many answers and buckets it has. ONE statement for all the questions.
 */
export const PROBE_SNAPSHOTS = `
WITH q AS (
  SELECT question_id, published_at, LEAST(coalesce(resolved_at, $2::timestamptz), $2::timestamptz) AS end_at
  FROM question_state WHERE question_id = ANY($1::uuid[]) AND published_at IS NOT NULL
)
SELECT DISTINCT ON (q.question_id, h.bucket) q.question_id, h.bucket, h.at, h.counts
FROM q
CROSS JOIN LATERAL generate_series(1, $3::int) AS i
CROSS JOIN LATERAL (
  SELECT r.bucket, r.at, r.counts FROM results_history r
  WHERE r.question_id = q.question_id AND r.bucket <= q.published_at + (GREATEST(q.end_at - q.published_at, interval '0') * i) / $3::int
  ORDER BY r.bucket DESC LIMIT 1
) h
ORDER BY q.question_id, h.bucket`;

/** The questions (options, publication, resolution) with their exact counter totals: one statement. */
const QUESTIONS_AND_COUNTS = `
SELECT q.question_id, q.options, q.published_at, q.resolved_at, c.option_id, coalesce(sum(c.count), 0)::bigint AS count
FROM question_state q LEFT JOIN option_counts c ON c.question_id = q.question_id
WHERE q.question_id = ANY($1::uuid[]) AND q.published_at IS NOT NULL
GROUP BY q.question_id, c.option_id`;

/** What a history read of these questions needs, in two statements whatever the number of questions. */
export async function historyRows(pool: pg.Pool, questionIds: string[], now: Date, probes: number): Promise<HistoryRows[]> {
  if (questionIds.length === 0) return [];
  const [questions, snapshots] = await Promise.all([
    pool.query<{ question_id: string; options: { id: string; text: string }[]; published_at: Date; resolved_at: Date | null; option_id: string | null; count: string }>({
      name: 'voting-history-questions',
      text: QUESTIONS_AND_COUNTS,
      values: [questionIds],
    }),
    pool.query<{ question_id: string; at: Date; counts: Record<string, number> }>({
      name: 'voting-history-probe',
      text: PROBE_SNAPSHOTS,
      values: [questionIds, now.toISOString(), probes],
    }),
  ]);
  const byId = new Map<string, HistoryRows>();
  for (const r of questions.rows) {
    let h = byId.get(r.question_id);
    if (!h) {
      h = { questionId: r.question_id, options: r.options, publishedAt: r.published_at, resolvedAt: r.resolved_at, snapshots: [], current: new Map() };
      byId.set(r.question_id, h);
    }
    if (r.option_id !== null) h.current.set(r.option_id, Number(r.count));
  }
  for (const s of snapshots.rows) byId.get(s.question_id)?.snapshots.push({ at: s.at, counts: s.counts });
  return [...byId.values()];
}
