import { DATA_CSV_COLUMNS, OPEN_DATA_LICENCE, OPEN_DATA_LICENCE_URL, type OpenData, type PublicQuestionDetail } from '@mzansi/api';

/** The product's name, as a citation names it. */
const PRODUCT = 'Mzansi Predicts';

/** data.json: the question's detail with only the provinces shown (a withheld one carries nothing), and the terms. */
export function openDataJson(detail: PublicQuestionDetail, now: Date): OpenData {
  return {
    licence: OPEN_DATA_LICENCE,
    licenceUrl: OPEN_DATA_LICENCE_URL,
    citation: `${PRODUCT}, “${detail.text}”, ${detail.url} (retrieved ${now.toISOString().slice(0, 10)}), licensed ${OPEN_DATA_LICENCE}.`,
    generatedAt: now.toISOString(),
    question: { ...detail, provinces: detail.provinces?.filter((p) => p.shown) ?? null },
  };
}

export type Cell = string | number | null;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text starting with a character a
 * spreadsheet takes for a formula (= + - @, tab, CR) is prefixed with an apostrophe, so opening the file runs nothing.
 */
function field(value: Cell): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * data.csv (columns DATA_CSV_COLUMNS): one row per option per scope — national now, each shown province now, the
 * national history — and for hidden figures one totals-only row per scope. Withheld provinces have no row at all.
 */
export function openDataCsv(detail: PublicQuestionDetail): string {
  return csvOf(openDataRows(detail));
}

/** A CSV file of rows (DATA_CSV_COLUMNS): the header row, then each row; CRLF line ends. */
export const csvOf = (rows: Cell[][]): string => [DATA_CSV_COLUMNS as readonly Cell[], ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

/** The rows of one question's CSV (openDataCsv), without the header: the bulk file joins many. */
export function openDataRows(detail: PublicQuestionDetail): Cell[][] {
  const text = new Map(detail.options.map((o) => [o.id, o.text]));
  const rows: Cell[][] = [];
  const figures = (scope: string, province: string | null, at: string | null, results: { optionId: string; votes: number; percentage: number }[], total: number) => {
    if (results.length === 0) rows.push([detail.id, scope, province, at, null, null, null, null, total]);
    for (const r of results) rows.push([detail.id, scope, province, at, r.optionId, text.get(r.optionId) ?? '', r.votes, r.percentage, total]);
  };
  figures('national', null, null, detail.results, detail.totalVotes);
  for (const p of detail.provinces ?? []) if (p.shown && p.totalVotes !== null) figures('province', p.code, null, p.results, p.totalVotes);
  for (const point of detail.history) figures('history', null, point.at, point.results, point.totalVotes);
  return rows;
}
