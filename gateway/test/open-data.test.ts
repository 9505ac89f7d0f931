import { describe, expect, it } from 'vitest';
import type { PublicQuestionDetail } from '@mzansi/api';
import { openDataCsv, openDataJson } from '../src/open-data.js';

const detail = (more: Partial<PublicQuestionDetail> = {}): PublicQuestionDetail => ({
  id: 'q1',
  url: 'http://localhost:8080/q/q1',
  lang: 'en',
  text: 'Will "it", happen?',
  context: null,
  resolutionCriteria: null,
  options: [
    { id: 'yes', text: '=HYPERLINK("x")' },
    { id: 'no', text: 'No,\nnever' },
  ],
  tags: [],
  status: 'open',
  publishedAt: '2026-01-01T00:00:00.000Z',
  closesAt: null,
  isBlind: false,
  correctOptionId: null,
  resolution: null,
  resultsHidden: false,
  totalVotes: 3,
  results: [
    { optionId: 'yes', votes: 2, percentage: 66.7 },
    { optionId: 'no', votes: 1, percentage: 33.3 },
  ],
  provinces: [
    { code: 'GP', name: 'Gauteng', totalVotes: null, shown: false, results: [] },
    { code: 'WC', name: 'Western Cape', totalVotes: 30, shown: true, results: [{ optionId: 'yes', votes: 30, percentage: 100 }] },
  ],
  history: [{ at: '2026-01-01T00:00:00.000Z', results: [], totalVotes: 0 }],
  ...more,
});

describe('open data files', () => {
  it('CSV: RFC 4180 quoting, formula-looking texts defused, withheld provinces absent, CRLF rows', () => {
    const lines = openDataCsv(detail()).split('\r\n');
    expect(lines[0]).toBe('question_id,scope,province,at,option_id,option_text,votes,percentage,total_votes');
    expect(lines[1]).toBe(`q1,national,,,yes,"'=HYPERLINK(""x"")",2,66.7,3`);
    expect(lines[2]).toBe('q1,national,,,no,"No,\nnever",1,33.3,3');
    expect(lines[3]).toBe(`q1,province,WC,,yes,"'=HYPERLINK(""x"")",30,100,30`);
    expect(lines[4]).toBe('q1,history,,2026-01-01T00:00:00.000Z,,,,,0');
    expect(lines[5]).toBe('');
    expect(lines.join('\n')).not.toContain('GP');
  });

  it('JSON: the licence, a citation, only the shown provinces', () => {
    const json = openDataJson(detail(), new Date('2026-02-03T04:05:06Z'));
    expect(json.licence).toBe('CC BY 4.0');
    expect(json.citation).toBe('Mzansi Predicts, “Will "it", happen?”, http://localhost:8080/q/q1 (retrieved 2026-02-03), licensed CC BY 4.0.');
    expect(json.question.provinces!.map((p) => p.code)).toEqual(['WC']);
  });
});
