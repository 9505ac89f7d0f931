import { z } from 'zod';
import { isoDate } from './common.js';
import { PublicQuestionDetail } from './public-api.js';

/**
 * Open data: a question's aggregate figures as a download (`data.json`, `data.csv` under
 * /api/public/v1/questions/{id}/), licensed CC BY 4.0. Aggregates only: no person, and nothing the small-cell rule
 * hides (a province appears only where it is shown; an open blind question gives its totals only).
 */
export const OPEN_DATA_LICENCE = 'CC BY 4.0';
export const OPEN_DATA_LICENCE_URL = 'https://creativecommons.org/licenses/by/4.0/';

/**
 * The CSV's columns, in order: one row per option per scope — `national` (the question's figures now), `province`
 * (a shown province's figures now) and `history` (the national figures at `at`). Where the figures are hidden (an
 * open blind question) a scope has one row with `option_id`, `option_text`, `votes` and `percentage` empty and only
 * `total_votes`.
 */
export const DATA_CSV_COLUMNS = ['question_id', 'scope', 'province', 'at', 'option_id', 'option_text', 'votes', 'percentage', 'total_votes'] as const;

/** data.json: the question as the public API shows it in English, with only the shown provinces, and the terms. */
export const OpenData = z.strictObject({
  licence: z.literal(OPEN_DATA_LICENCE),
  /** The licence's deed (OPEN_DATA_LICENCE_URL). */
  licenceUrl: z.string(),
  /** How to cite it: the product's name, the question's link and when the file was made. */
  citation: z.string(),
  generatedAt: isoDate,
  question: PublicQuestionDetail,
});

/** GET /api/public/v1/bulk/{month}.csv: a SAST month, YYYY-MM. */
export const BulkMonthParams = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM') });

export type OpenData = z.infer<typeof OpenData>;
