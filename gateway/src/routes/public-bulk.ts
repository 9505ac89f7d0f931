import type { Router } from 'express';
import { HISTORY_MAX_POINTS, BulkMonthParams } from '@mzansi/api';
import { sastDate, sastMonthBounds } from '@mzansi/kit/base';
import type { questions } from '@mzansi/proto';
import { MicroCache } from '../cache.js';
import type { Clients } from '../clients.js';
import type { Composer } from '../compose.js';
import { notFound, parse, ISSUE_MESSAGE } from '../errors.js';
import { historiesOf } from '../history.js';
import { csvOf, openDataRows } from '../open-data.js';
import { publicDetailJson } from '../public-api.js';
import type { QuestionsGone } from '../questions-gone.js';

/** Pages of 100 read at most for one month's file (10,000 resolved questions: years of the product). */
const MAX_PAGES = 100;

/** Every resolved question whose resolution falls in the SAST month `start`–`end`, latest published first. */
async function resolvedIn(clients: Clients, start: Date, end: Date): Promise<questions.Question[]> {
  const out: questions.Question[] = [];
  let cursor = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await clients.questions.listPublicQuestions({ limit: 100, query: '', cursor, status: 'resolved' });
    for (const q of res.questions) {
      const at = q.resolution?.resolvedAt;
      if (at && at >= start && at < end) out.push(q);
    }
    if (!res.nextCursor) break;
    cursor = res.nextCursor;
  }
  return out;
}

/**
 * GET /api/public/v1/bulk/{YYYY-MM}.csv: the open data of every question resolved in that SAST month, in the
 * per-question file's columns, one header. Built on the first request and kept 10 minutes, and built again at
 * once when a question is deleted or archived or a resolution is made or corrected (`gone`), so the file never
 * holds a deleted question or an outdated resolution. 404 for a month before the product or after this one.
 */
export function bulkRoutes(r: Router, { clients, composer, publicUrl, gone }: { clients: Clients; composer: Composer; publicUrl: string; gone?: QuestionsGone }): void {
  const files = new MicroCache<string>(10 * 60_000, 50);
  gone?.onGone(() => files.clear());
  gone?.onChanged(() => files.clear());
  r.get('/bulk/:month.csv', async (req, res) => {
    const { month } = parse(BulkMonthParams, req.params, ISSUE_MESSAGE);
    const { start, end } = sastMonthBounds(new Date(`${month}-15T12:00:00Z`));
    if (month < '2024-03' || month > sastDate(new Date()).slice(0, 7)) throw notFound('No data for that month');
    const csv = await files.get(month, async () => {
      const list = await resolvedIn(clients, start, end);
      const ids = list.map((q) => q.id);
      const [counts, provinces, histories] = await Promise.all([composer.counts(ids), composer.provinceCounts(ids), historiesOf(clients, ids, HISTORY_MAX_POINTS)]);
      return csvOf(list.flatMap((q) => openDataRows(publicDetailJson(q, counts.get(q.id), provinces.get(q.id), histories.get(q.id), 'en', publicUrl))));
    });
    res.set({ 'Cache-Control': 'no-cache', 'Content-Disposition': `attachment; filename="mzansi-predicts-resolved-${month}.csv"` });
    res.type('text/csv; charset=utf-8').send(csv);
  });
}
