import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isOneOfTheOptions,
  isWellFormedOptionId,
  MAX_OPTION_ID_LENGTH,
  refusalForMalformedOption,
  screenSubmission,
  whyNotWritten,
  WRITE_ATTEMPTS,
  type AnswerableQuestion,
} from '../src/domain/answers.js';
import { isOpen } from '../src/domain/scoring.js';

/** Answer acceptance and the order of refusals (domain/answers.ts): pure, no I/O. */

const open: AnswerableQuestion = { publishedAt: new Date('2026-03-01T08:00:00Z'), isResolved: false, isArchived: false, options: [{ id: 'yes' }, { id: 'no' }] };
const submitted = { optionId: 'yes', confidence: 75 };

describe('screenSubmission: what the request alone tells, in order', () => {
  const ok = { questionId: randomUUID(), userId: randomUUID(), optionId: 'yes' };

  it('a well-formed request is left to the write', () => {
    expect(screenSubmission(ok)).toBe('ok');
  });

  it('a question id that is no uuid is no question, before anything else', () => {
    expect(screenSubmission({ ...ok, questionId: 'nope' })).toEqual({ refused: 'questionNotFound' });
    expect(screenSubmission({ questionId: 'nope', userId: 'nobody', optionId: '' })).toEqual({ refused: 'questionNotFound' });
  });

  it('then a user id that is no uuid', () => {
    expect(screenSubmission({ ...ok, userId: 'nobody' })).toEqual({ refused: 'unknownUser' });
    expect(screenSubmission({ ...ok, userId: 'nobody', optionId: '' })).toEqual({ refused: 'unknownUser' });
  });

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(MAX_OPTION_ID_LENGTH + 1)],
    ['holding NUL', 'ye\u0000s'],
  ])('then an option id no question can have (%s)', (_, optionId) => {
    expect(isWellFormedOptionId(optionId)).toBe(false);
    expect(screenSubmission({ ...ok, optionId })).toBe('malformedOption');
  });

  it('an option id of the longest length is well formed', () => {
    expect(isWellFormedOptionId('x'.repeat(MAX_OPTION_ID_LENGTH))).toBe(true);
  });

  it('a malformed option: no such question comes first, else the option is unknown', () => {
    expect(refusalForMalformedOption(false)).toBe('questionNotFound');
    expect(refusalForMalformedOption(true)).toBe('unknownOption');
  });
});

describe('whyNotWritten: the order users expect', () => {
  it('the same answer again (option and confidence) is idempotent, whatever the question', () => {
    expect(whyNotWritten(submitted, { optionId: 'yes', confidence: 75 }, undefined, 1)).toEqual({ outcome: 'alreadyAnswered' });
    expect(whyNotWritten(submitted, { optionId: 'yes', confidence: 75 }, { ...open, isResolved: true }, 1)).toEqual({ outcome: 'alreadyAnswered' });
  });

  it('a different option or a different confidence after answering is refused as different, before any question check', () => {
    expect(whyNotWritten(submitted, { optionId: 'no', confidence: 75 }, undefined, 1)).toEqual({ outcome: 'refused', reason: 'different' });
    expect(whyNotWritten(submitted, { optionId: 'yes', confidence: 90 }, { ...open, isArchived: true }, 1)).toEqual({ outcome: 'refused', reason: 'different' });
  });

  it('then no such question', () => {
    expect(whyNotWritten(submitted, undefined, undefined, 1)).toEqual({ outcome: 'refused', reason: 'questionNotFound' });
  });

  it('then an option that is not one of the question’s, even on a closed question', () => {
    expect(whyNotWritten({ ...submitted, optionId: 'maybe' }, undefined, open, 1)).toEqual({ outcome: 'refused', reason: 'unknownOption' });
    expect(whyNotWritten({ ...submitted, optionId: 'maybe' }, undefined, { ...open, isResolved: true }, 1)).toEqual({ outcome: 'refused', reason: 'unknownOption' });
  });

  it.each([
    ['unpublished', { publishedAt: null }],
    ['resolved', { isResolved: true }],
    ['archived', { isArchived: true }],
  ])('then a question that is not open (%s) is closed', (_, change) => {
    expect(whyNotWritten(submitted, undefined, { ...open, ...change }, 1)).toEqual({ outcome: 'refused', reason: 'closed' });
  });

  it('an open question that refused the write is written again, up to WRITE_ATTEMPTS writes, then called closed', () => {
    for (let attempt = 1; attempt < WRITE_ATTEMPTS; attempt++) expect(whyNotWritten(submitted, undefined, open, attempt)).toEqual({ outcome: 'retry' });
    expect(whyNotWritten(submitted, undefined, open, WRITE_ATTEMPTS)).toEqual({ outcome: 'refused', reason: 'closed' });
  });
});

describe('isOpen and isOneOfTheOptions', () => {
  it('a question is open only while published, not resolved and not archived', () => {
    for (const publishedAt of [null, new Date()])
      for (const isResolved of [false, true])
        for (const isArchived of [false, true]) expect(isOpen({ publishedAt, isResolved, isArchived })).toBe(publishedAt !== null && !isResolved && !isArchived);
  });

  it('an option belongs to a question by its id', () => {
    expect(isOneOfTheOptions(open, 'no')).toBe(true);
    expect(isOneOfTheOptions(open, 'No')).toBe(false);
  });
});
