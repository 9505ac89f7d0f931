import { IdParams } from './common.js';
import { PublicQuestionDetail, PublicQuestionPage, PublicQuestionQuery, PublicQuestionsQuery } from './public-api.js';
import { BulkMonthParams, OpenData } from './open-data.js';
import { route } from './route.js';

const P = 'Public read API';

/**
 * The public read API, versioned under /api/public/v1: GETs only, no session (CORS open to any origin, without
 * credentials), a per-address budget announced in RateLimit-Policy / RateLimit, an ETag on every answer.
 */
export const publicRoutes = {
  'GET /api/public/v1/questions': route({
    tag: P,
    access: 'public',
    summary: 'Published questions with their national figures, latest first, filtered by SAST publication date, tag and state; paged with `cursor` (≤ 100 a page)',
    query: PublicQuestionsQuery,
    responses: { 200: PublicQuestionPage },
  }),
  'GET /api/public/v1/questions/{id}': route({
    tag: P,
    access: 'public',
    summary: 'One published question with its national figures, province breakdown (small cells withheld) and history; an open blind question shows its total only',
    params: IdParams,
    query: PublicQuestionQuery,
    responses: { 200: PublicQuestionDetail },
  }),
  'GET /api/public/v1/questions/{id}/data.json': route({
    tag: P,
    access: 'public',
    summary: "A question's aggregate figures, shown provinces and history as a download (CC BY 4.0), with how to cite it",
    params: IdParams,
    responses: { 200: OpenData },
  }),
  'GET /api/public/v1/questions/{id}/data.csv': route({
    tag: P,
    access: 'public',
    summary:
      "The same as CSV (CC BY 4.0): columns question_id, scope (national | province | history), province, at, option_id, option_text, votes, percentage, total_votes; one row per option per scope, a hidden question's scopes one totals-only row",
    params: IdParams,
    responses: { 200: { media: 'text/csv', description: 'RFC 4180 CSV, UTF-8, a header row' } },
  }),
  'GET /api/public/v1/bulk/{month}.csv': route({
    tag: P,
    access: 'public',
    summary:
      "Every question resolved in a SAST month (YYYY-MM), in data.csv's columns (CC BY 4.0); always as the questions stand now: a deleted question or a corrected resolution is reflected at once. 404 before March 2024 or after this month",
    params: BulkMonthParams,
    responses: { 200: { media: 'text/csv', description: 'RFC 4180 CSV, UTF-8, a header row' } },
  }),
} as const;
