import type pg from 'pg';
import { sastDaySql } from '@mzansi/kit';

/**
 * How the day went (admin analytics): comments (replies included, placeholders of deleted ones too: they were
 * written) and reports per SAST day of [$1, $2), each through its created_at index and grouped in SQL: at most two
 * rows per day of the range. Exported for the bench's EXPLAIN.
 */
export const COMMUNITY_BY_DAY = `
SELECT day, sum(comments) AS comments, sum(reports) AS reports FROM (
  SELECT ${sastDaySql('created_at')} AS day, count(*) AS comments, 0 AS reports
  FROM comments WHERE created_at >= $1 AND created_at < $2 GROUP BY 1
  UNION ALL
  SELECT ${sastDaySql('created_at')} AS day, 0 AS comments, count(*) AS reports
  FROM comment_reports WHERE created_at >= $1 AND created_at < $2 GROUP BY 1
) x
GROUP BY day ORDER BY day`;

export async function communityByDay(pool: pg.Pool, r: { start: Date; end: Date }): Promise<{ day: string; comments: number; reports: number }[]> {
  const res = await pool.query<{ day: string; comments: string; reports: string }>(COMMUNITY_BY_DAY, [r.start, r.end]);
  return res.rows.map((x) => ({ day: x.day, comments: Number(x.comments), reports: Number(x.reports) }));
}
