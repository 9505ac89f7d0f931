import { DATA_CSV_COLUMNS } from '@mzansi/api';
import { expect } from 'vitest';

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF rows) into records by the header row's names. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    } else cell += c;
  }
  expect(row, 'the file ends with a line break').toEqual([]);
  const [header, ...body] = rows;
  expect(header).toEqual([...DATA_CSV_COLUMNS]);
  for (const r of body) expect(r).toHaveLength(DATA_CSV_COLUMNS.length);
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}
