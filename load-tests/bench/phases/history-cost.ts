/**
 * History read cost against the number of answers: GET /api/questions/{id}/history (through the gateway, its public
 * cache off, so every request reads voting) for a question with 1,000 answers and one with 1,000,000, both published
 * a week ago.
 *
 * Seeding, honest but fast: the answers go straight into voting's `answers` table (one INSERT … SELECT
 * generate_series, submitted over the week, the split drifting) with their counters; the history is then built
 * through the production write, `writeSnapshots` (data-access/history-repo.ts, what the live results flush calls),
 * with the counters as the flush would have read them at the end of every minute that had answers — so the small
 * question gets ~1,000 stored snapshots and the big one one per minute of the week (10,080).
 */
import type pg from 'pg';
import { writeSnapshots } from '../../../services/voting/src/data-access/history-repo.ts';

export interface HistoryCostRun {
  smallP95: number;
  bigP95: number;
  smallMedian: number;
  bigMedian: number;
}

/** Seeds `n` answers over the last week for a question voting knows (published a week ago) and its stored history. */
export async function seedHistoryQuestion(pool: pg.Pool, questionId: string, n: number): Promise<{ snapshots: number; ms: number }> {
  const t0 = Date.now();
  const c = await pool.connect();
  try {
    await c.query('SET synchronous_commit = off');
    await c.query(`UPDATE question_state SET published_at = now() - interval '7 days' WHERE question_id = $1`, [questionId]);
    await c.query(
      `INSERT INTO answers (user_id, question_id, option_id, submitted_at, sast_day)
       SELECT gen_random_uuid(), $1,
         CASE WHEN random() < 0.45 + 0.2 * sin(g::float8 / $2 * 6) THEN 'yes' ELSE 'no' END,
         ts, (ts AT TIME ZONE 'Africa/Johannesburg')::date
       FROM generate_series(1, $2::int) g, LATERAL (SELECT now() - interval '7 days' + (g::float8 / $2) * interval '7 days' - interval '1 second' AS ts) t`,
      [questionId, n],
    );
    await c.query(
      `INSERT INTO option_counts (question_id, option_id, shard, count)
       SELECT $1, option_id, 0, count(*) FROM answers WHERE question_id = $1 GROUP BY option_id
       ON CONFLICT (question_id, option_id, shard) DO UPDATE SET count = EXCLUDED.count`,
      [questionId],
    );
    const perMinute = await c.query<{ bucket: Date; at: Date; yes: string; no: string }>(
      `SELECT date_trunc('minute', submitted_at) AS bucket, max(submitted_at) AS at,
         count(*) FILTER (WHERE option_id = 'yes') AS yes, count(*) FILTER (WHERE option_id = 'no') AS no
       FROM answers WHERE question_id = $1 GROUP BY 1 ORDER BY 1`,
      [questionId],
    );
    let yes = 0;
    let no = 0;
    const rows = perMinute.rows.map((r) => {
      yes += Number(r.yes);
      no += Number(r.no);
      return { questionId, bucket: r.bucket, at: r.at, counts: { yes, no } };
    });
    for (let i = 0; i < rows.length; i += 2_000) await writeSnapshots(pool, rows.slice(i, i + 2_000));
    await c.query('ANALYZE answers; ANALYZE option_counts; ANALYZE results_history');
    return { snapshots: rows.length, ms: Date.now() - t0 };
  } finally {
    c.release();
  }
}

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** One run: `reps` sequential GETs of each question's history (interleaved), after a warm-up; p95 and median per question. */
export async function measureHistoryOnce(base: string, small: string, big: string, expected: { small: number; big: number }, reps = 300): Promise<HistoryCostRun> {
  const get = async (id: string, total: number) => {
    const s = performance.now();
    const res = await fetch(`${base}/api/questions/${id}/history`);
    const body = (await res.json()) as { points: { totalVotes: number }[] };
    const ms = performance.now() - s;
    if (res.status !== 200 || body.points.at(-1)?.totalVotes !== total || body.points.length > 200) {
      throw new Error(`history of ${id}: ${res.status}, ${body.points?.length} points, last total ${body.points?.at(-1)?.totalVotes}`);
    }
    return ms;
  };
  for (let i = 0; i < 30; i++) await Promise.all([get(small, expected.small), get(big, expected.big)]);
  const s: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < reps; i++) {
    s.push(await get(small, expected.small));
    b.push(await get(big, expected.big));
  }
  s.sort((x, y) => x - y);
  b.sort((x, y) => x - y);
  return { smallP95: p(s, 0.95), bigP95: p(b, 0.95), smallMedian: p(s, 0.5), bigMedian: p(b, 0.5) };
}
