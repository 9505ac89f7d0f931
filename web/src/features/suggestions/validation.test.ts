import { expect, test } from 'vitest';
import { REVIEW_NEEDS_STATUS, TITLE_TOO_LONG, TITLE_TOO_SHORT, validateReview, validateSuggestion } from './validation';

const title = (n: number) => 'x'.repeat(n);

test.each([
  [9, TITLE_TOO_SHORT],
  [10, null],
  [200, null],
  [201, TITLE_TOO_LONG],
])('title of %i characters', (n, error) => {
  const r = validateSuggestion({ title: title(n), description: '' });
  if (error) expect(r).toEqual({ ok: false, error });
  else expect(r).toEqual({ ok: true, payload: { title: title(n), description: '' } });
});

test('the exact messages', () => {
  expect(TITLE_TOO_SHORT).toBe('Question must be at least 10 characters');
  expect(TITLE_TOO_LONG).toBe('Question must be less than 200 characters');
});

test('title and description are trimmed; spaces do not count', () => {
  expect(validateSuggestion({ title: `   ${title(9)}   `, description: '' })).toEqual({ ok: false, error: TITLE_TOO_SHORT });
  expect(validateSuggestion({ title: ' Will it rain on Friday ', description: '  Cape Town  ' })).toEqual({
    ok: true,
    payload: { title: 'Will it rain on Friday', description: 'Cape Town' },
  });
});

test('a review needs one of the four statuses', () => {
  expect(validateReview({ status: '', adminNotes: 'x' })).toEqual({ ok: false, error: REVIEW_NEEDS_STATUS });
  expect(validateReview({ status: 'maybe', adminNotes: '' })).toEqual({ ok: false, error: REVIEW_NEEDS_STATUS });
  expect(REVIEW_NEEDS_STATUS).toBe('A review update needs a chosen status');
  for (const status of ['pending', 'approved', 'rejected', 'used']) {
    expect(validateReview({ status, adminNotes: ' Good one ' })).toEqual({ ok: true, payload: { status, adminNotes: 'Good one' } });
  }
});
