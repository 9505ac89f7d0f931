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

const open: AnswerableQuestion = { publishedAt: new Date('2026-03-01T08:00:00Z'), isResolved: false, isArchived: false, closesAt: null, options: [{ id: 'yes' }, { id: 'no' }] };
const submitted = { optionId: 'yes', confidence: 75 };
const now = new Date('2026-03-01T16:00:00.000Z');
const closesAt = new Date('2026-03-01T16:00:00.000Z');
const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);

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
    expect(whyNotWritten(submitted, { optionId: 'yes', confidence: 75 }, undefined, 1, now)).toEqual({ outcome: 'alreadyAnswered' });
    expect(whyNotWritten(submitted, { optionId: 'yes', confidence: 75 }, { ...open, isResolved: true }, 1, now)).toEqual({ outcome: 'alreadyAnswered' });
  });

  it('a different option or a different confidence after answering is refused as different, before any question check', () => {
    expect(whyNotWritten(submitted, { optionId: 'no', confidence: 75 }, undefined, 1, now)).toEqual({ outcome: 'refused', reason: 'different' });
    expect(whyNotWritten(submitted, { optionId: 'yes', confidence: 90 }, { ...open, isArchived: true }, 1, now)).toEqual({ outcome: 'refused', reason: 'different' });
  });

  it('then no such question', () => {
    expect(whyNotWritten(submitted, undefined, undefined, 1, now)).toEqual({ outcome: 'refused', reason: 'questionNotFound' });
  });

  it('then an option that is not one of the question’s, even on a closed question', () => {
    expect(whyNotWritten({ ...submitted, optionId: 'maybe' }, undefined, open, 1, now)).toEqual({ outcome: 'refused', reason: 'unknownOption' });
    expect(whyNotWritten({ ...submitted, optionId: 'maybe' }, undefined, { ...open, isResolved: true }, 1, now)).toEqual({ outcome: 'refused', reason: 'unknownOption' });
  });

  it.each([
    ['unpublished', { publishedAt: null }],
    ['resolved', { isResolved: true }],
    ['archived', { isArchived: true }],
  ])('then a question that is not open (%s) is closed', (_, change) => {
    expect(whyNotWritten(submitted, undefined, { ...open, ...change }, 1, now)).toEqual({ outcome: 'refused', reason: 'closed' });
  });

  it('then a live question whose close time has come (at the instant, and after) is closed at its time', () => {
    const closing = { ...open, closesAt };
    expect(whyNotWritten(submitted, undefined, closing, 1, ms(closesAt, -1))).toEqual({ outcome: 'retry' });
    expect(whyNotWritten(submitted, undefined, closing, 1, closesAt)).toEqual({ outcome: 'refused', reason: 'closedAt' });
    expect(whyNotWritten(submitted, undefined, closing, 1, ms(closesAt, 1))).toEqual({ outcome: 'refused', reason: 'closedAt' });
    // Resolved or archived as well: the plain "no longer open"; the same answer again stays idempotent after the close.
    expect(whyNotWritten(submitted, undefined, { ...closing, isResolved: true }, 1, ms(closesAt, 1))).toEqual({ outcome: 'refused', reason: 'closed' });
    expect(whyNotWritten(submitted, { optionId: 'yes', confidence: 75 }, closing, 1, ms(closesAt, 1))).toEqual({ outcome: 'alreadyAnswered' });
  });

  it('an open question that refused the write is written again, up to WRITE_ATTEMPTS writes, then called closed', () => {
    for (let attempt = 1; attempt < WRITE_ATTEMPTS; attempt++) expect(whyNotWritten(submitted, undefined, open, attempt, now)).toEqual({ outcome: 'retry' });
    expect(whyNotWritten(submitted, undefined, open, WRITE_ATTEMPTS, now)).toEqual({ outcome: 'refused', reason: 'closed' });
  });
});

describe('isOpen and isOneOfTheOptions', () => {
  it('a question is open only while published, not resolved and not archived', () => {
    for (const publishedAt of [null, new Date()])
      for (const isResolved of [false, true])
        for (const isArchived of [false, true]) expect(isOpen({ publishedAt, isResolved, isArchived, closesAt: null }, now)).toBe(publishedAt !== null && !isResolved && !isArchived);
  });

  it('and before its close time: closed at the instant itself and after it, open a millisecond before', () => {
    const q = { ...open, closesAt };
    expect(isOpen(q, ms(closesAt, -60_000))).toBe(true);
    expect(isOpen(q, ms(closesAt, -1))).toBe(true);
    expect(isOpen(q, closesAt)).toBe(false);
    expect(isOpen(q, ms(closesAt, 1))).toBe(false);
    expect(isOpen({ ...q, closesAt: null }, ms(closesAt, 86_400_000))).toBe(true);
  });

  it('an option belongs to a question by its id', () => {
    expect(isOneOfTheOptions(open, 'no')).toBe(true);
    expect(isOneOfTheOptions(open, 'No')).toBe(false);
  });
});
