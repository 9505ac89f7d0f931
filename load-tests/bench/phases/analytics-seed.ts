/**
 * Seeding for the analytics read's bench (analytics-cost.ts), straight into voting's tables, fast but shaped like
 * the product: two questions a SAST day, each answered by a different share of a pool of 200,003 players (so that
 * every day has new and returning players), answers spread over the day after the question's publishing, the
 * counters (option_counts, province_counts: a province for 9 in 10 players) made from the answers as the write would
 * have made them. `g` numbers the answers of a set of questions: answer g goes to question g % n and to the player
 * (k·7919 + q·104729) mod 200003 with k = g / n, a different player for each k on a question (one answer per player
 * per question, as the unique key wants).
 */
import type pg from 'pg';

export const POOL = 200_003;
const PROVINCES = `ARRAY['EC','FS','GP','KZN','LP','MP','NC','NW','WC']`;

export interface SeedQuestion {
  id: string;
  publishedAt: Date;
}

/**
 * Two questions on each of `days` SAST days, the last one `lastDayStart` (an instant: 00:00 SAST), at 09:00 and
 * 13:00, or an hour before `now` when that is later than now (a bench run in the morning).
 */
export function questionsOver(lastDayStart: Date, days: number, ids: () => string, now: Date): SeedQuestion[] {
  const out: SeedQuestion[] = [];
  for (let d = days - 1; d >= 0; d--) {
    for (const hour of [9, 13]) {
      const at = Math.min(lastDayStart.getTime() - d * 86_400_000 + hour * 3_600_000, now.getTime() - 3_600_000);
      out.push({ id: ids(), publishedAt: new Date(at) });
    }
  }
  return out;
}

export async function insertQuestions(c: pg.PoolClient, questions: SeedQuestion[]): Promise<void> {
  await c.query(
    `INSERT INTO question_state (question_id, text, options, published_at)
     SELECT id, 'Bench analytics question ' || ord, '[{"id":"yes","text":"Yes"},{"id":"no","text":"No"}]', at
     FROM unnest($1::uuid[], $2::timestamptz[]) WITH ORDINALITY AS q(id, at, ord)`,
    [questions.map((q) => q.id), questions.map((q) => q.publishedAt.toISOString())],
  );
}

/**
 * Answers g = from … to (inclusive) to `questions` (in the order given), each within 20 hours of its question's
 * publishing and never after `now`; then the counters of those questions, recounted from all their answers.
 */
export async function insertAnswers(c: pg.PoolClient, questions: SeedQuestion[], from: number, to: number, now: Date): Promise<void> {
  const ids = questions.map((q) => q.id);
  await c.query(
    `WITH q AS (SELECT id, at, ord - 1 AS i FROM unnest($1::uuid[], $2::timestamptz[]) WITH ORDINALITY AS x(id, at, ord))
     INSERT INTO answers (user_id, question_id, option_id, submitted_at, sast_day)
     SELECT md5('bench-player-' || (((g / $5) * 7919 + q.i * 104729) % ${POOL}))::uuid, q.id,
       CASE WHEN hashtext(g::text) % 5 < 2 THEN 'no' ELSE 'yes' END,
       t.ts, (t.ts AT TIME ZONE 'Africa/Johannesburg')::date
     FROM generate_series($3::bigint, $4::bigint) g
     JOIN q ON q.i = g % $5
     CROSS JOIN LATERAL (SELECT q.at + least($6::timestamptz - q.at, interval '20 hours') * ((hashtext('t' || g) & 65535) / 65536.0) AS ts) t`,
    [ids, questions.map((q) => q.publishedAt.toISOString()), from, to, questions.length, now.toISOString()],
  );
  await c.query(
    `INSERT INTO option_counts (question_id, option_id, shard, count)
     SELECT question_id, option_id, 0, count(*) FROM answers WHERE question_id = ANY($1::uuid[]) GROUP BY 1, 2
     ON CONFLICT (question_id, option_id, shard) DO UPDATE SET count = EXCLUDED.count`,
    [ids],
  );
  await c.query(
    `INSERT INTO province_counts (question_id, province, option_id, count)
     SELECT question_id, p, option_id, count(*) FROM (
       SELECT question_id, option_id, (${PROVINCES})[1 + abs(hashtext(user_id::text)) % 10] AS p FROM answers WHERE question_id = ANY($1::uuid[])
     ) x WHERE p IS NOT NULL GROUP BY 1, 2, 3
     ON CONFLICT (question_id, province, option_id) DO UPDATE SET count = EXCLUDED.count`,
    [ids],
  );
}

/** What autovacuum leaves on a table at rest: statistics and the visibility map (index-only scans read it). */
export async function settle(c: pg.PoolClient): Promise<void> {
  await c.query('VACUUM (ANALYZE) answers');
  await c.query('VACUUM (ANALYZE) question_state');
  await c.query('VACUUM (ANALYZE) option_counts');
  await c.query('VACUUM (ANALYZE) province_counts');
}
