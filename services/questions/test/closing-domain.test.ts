import { describe, expect, it } from 'vitest';
import { AppError } from '@mzansi/kit';
import { TEXT_MESSAGES } from '@mzansi/kit/text';
import {
  assertCloseAhead,
  assertScheduleBeforeClose,
  CLOSING_MESSAGES as M,
  isClosed,
  planDetailsChange,
  RESOLUTION_CRITERIA_MAX,
  validateCriteria,
  type EditableState,
} from '../src/domain/closing.js';
import { dueOutcome, scheduleAuditDetail } from '../src/domain/schedule.js';
import { validateNewQuestion, validateTranslations } from '../src/domain/questions.js';
import { newQuestion } from './helpers.js';

/** Resolution criteria and close times (domain/closing.ts): pure, no I/O. */

const at = (iso: string) => new Date(iso);
const now = at('2026-03-10T10:00:00.000Z');

/** The AppError `fn` throws, as [code, message]. */
function refusal(fn: () => unknown): [string, string] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return [(e as AppError).code, (e as AppError).message];
  }
  throw new Error('expected a refusal');
}

const draft: EditableState = {
  isPublished: false,
  isResolved: false,
  isArchived: false,
  publishedAt: null,
  date: at('2026-03-10T13:00:00.000Z'),
  scheduledFor: null,
  closesAt: null,
};
const published: EditableState = { ...draft, isPublished: true, publishedAt: at('2026-03-10T09:00:00.000Z'), closesAt: at('2026-03-10T16:00:00.000Z') };

describe('resolution criteria', () => {
  it('are trimmed; empty or invisible is none', () => {
    expect(validateCriteria('  Resolves YES if the IEC announces it by 31 May.  ')).toBe('Resolves YES if the IEC announces it by 31 May.');
    expect(validateCriteria('')).toBeNull();
    expect(validateCriteria(undefined)).toBeNull();
    expect(validateCriteria('\u200B\u200B \u3164')).toBeNull();
  });

  it(`are at most ${RESOLUTION_CRITERIA_MAX} characters`, () => {
    expect(validateCriteria('x'.repeat(RESOLUTION_CRITERIA_MAX))).toHaveLength(RESOLUTION_CRITERIA_MAX);
    expect(refusal(() => validateCriteria('x'.repeat(RESOLUTION_CRITERIA_MAX + 1)))).toEqual(['INVALID_ARGUMENT', M.criteriaTooLong]);
  });

  it('refuse text that hides: bidi controls and stacked marks', () => {
    expect(refusal(() => validateCriteria('Resolves \u202EON if'))).toEqual(['INVALID_ARGUMENT', TEXT_MESSAGES.bidi('Resolution criteria')]);
    expect(refusal(() => validateCriteria('Z\u0336\u0327\u0300algo'))).toEqual(['INVALID_ARGUMENT', TEXT_MESSAGES.marks('Resolution criteria')]);
  });

  it('are part of a translation, which then needs its question text', () => {
    const options = [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }];
    const translation = { text: 'Umbuzo', context: '', options: {}, resolutionCriteria: '  Kuyaphela uma i-IEC imemezela.  ' };
    expect(validateTranslations({ zu: translation }, options)).toEqual({ zu: { text: 'Umbuzo', resolutionCriteria: 'Kuyaphela uma i-IEC imemezela.' } });
    expect(refusal(() => validateTranslations({ zu: { ...translation, text: '' } }, options))).toEqual(['INVALID_ARGUMENT', 'The zu translation needs the question text']);
    expect(refusal(() => validateTranslations({ af: { ...translation, resolutionCriteria: 'x'.repeat(1001) } }, options))[1]).toBe(M.criteriaTooLong);
  });
});

describe('a new question’s close time', () => {
  const q = newQuestion({ date: at('2026-03-10T13:00:00.000Z') });

  it('is optional, and kept with its criteria when after the question’s date and in the future', () => {
    expect(validateNewQuestion(q, now)).toMatchObject({ closesAt: null, resolutionCriteria: null });
    const made = validateNewQuestion({ ...q, closesAt: at('2026-03-10T16:00:00Z'), resolutionCriteria: ' By the IEC ' }, now);
    expect(made).toMatchObject({ closesAt: at('2026-03-10T16:00:00Z'), resolutionCriteria: 'By the IEC' });
  });

  it('is refused at or before the date, in the past, or out of range', () => {
    expect(refusal(() => validateNewQuestion({ ...q, closesAt: at('2026-03-10T13:00:00Z') }, now))).toEqual(['INVALID_ARGUMENT', M.afterPublish]);
    expect(refusal(() => validateNewQuestion({ ...q, date: at('2026-03-09T13:00:00Z'), closesAt: at('2026-03-10T09:59:59Z') }, now))).toEqual(['INVALID_ARGUMENT', M.future]);
    expect(refusal(() => validateNewQuestion({ ...q, closesAt: at('2101-01-01T00:00:00Z') }, now))).toEqual(['INVALID_ARGUMENT', M.invalidTime]);
    expect(refusal(() => validateNewQuestion({ ...q, closesAt: new Date(Number.NaN) }, now))).toEqual(['INVALID_ARGUMENT', M.invalidTime]);
  });
});

describe('editing criteria and close time (planDetailsChange)', () => {
  it('a draft: after its date and its schedule, and in the future; null takes it away', () => {
    expect(planDetailsChange(draft, { closesAt: at('2026-03-10T16:00:00Z') }, now)).toEqual({ closesAt: at('2026-03-10T16:00:00Z'), announceClosing: false });
    const scheduled = { ...draft, scheduledFor: at('2026-03-11T08:00:00Z'), date: at('2026-03-11T08:00:00Z') };
    expect(refusal(() => planDetailsChange(scheduled, { closesAt: at('2026-03-11T08:00:00Z') }, now))).toEqual(['INVALID_ARGUMENT', M.afterPublish]);
    expect(planDetailsChange(scheduled, { closesAt: at('2026-03-11T08:00:01Z') }, now).closesAt).toEqual(at('2026-03-11T08:00:01Z'));
    const old = { ...draft, date: at('2026-03-01T13:00:00Z') };
    expect(refusal(() => planDetailsChange(old, { closesAt: at('2026-03-10T09:00:00Z') }, now))).toEqual(['INVALID_ARGUMENT', M.future]);
    expect(planDetailsChange({ ...draft, closesAt: at('2026-03-10T16:00:00Z') }, { closesAt: null }, now)).toEqual({ closesAt: null, announceClosing: false });
  });

  it('a published question: later (announced), never earlier, never into the past; taking it away is later too', () => {
    expect(planDetailsChange(published, { closesAt: at('2026-03-10T18:00:00Z') }, now)).toEqual({ closesAt: at('2026-03-10T18:00:00Z'), announceClosing: true });
    expect(refusal(() => planDetailsChange(published, { closesAt: at('2026-03-10T15:59:59Z') }, now))).toEqual(['INVALID_ARGUMENT', M.onlyLater]);
    expect(planDetailsChange(published, { closesAt: null }, now)).toEqual({ closesAt: null, announceClosing: true });
    // Closed already (16:00 has passed): a later time reopens it, but not one still in the past.
    const late = at('2026-03-10T17:00:00Z');
    expect(refusal(() => planDetailsChange(published, { closesAt: at('2026-03-10T16:30:00Z') }, late))).toEqual(['INVALID_ARGUMENT', M.future]);
    expect(planDetailsChange(published, { closesAt: at('2026-03-10T17:30:00Z') }, late).announceClosing).toBe(true);
    // One without a close time may be given one, in the future.
    const open = { ...published, closesAt: null };
    expect(planDetailsChange(open, { closesAt: at('2026-03-10T12:00:00Z') }, now)).toEqual({ closesAt: at('2026-03-10T12:00:00Z'), announceClosing: true });
    expect(refusal(() => planDetailsChange(open, { closesAt: at('2026-03-10T09:30:00Z') }, now))).toEqual(['INVALID_ARGUMENT', M.future]);
  });

  it('the time it already has is no change, even once it has passed; criteria alone change no close time', () => {
    const late = at('2026-03-10T17:00:00Z');
    expect(planDetailsChange(published, { closesAt: at('2026-03-10T16:00:00Z'), resolutionCriteria: ' New ' }, late)).toEqual({ resolutionCriteria: 'New', announceClosing: false });
    expect(planDetailsChange(published, { resolutionCriteria: '' }, now)).toEqual({ resolutionCriteria: null, announceClosing: false });
  });

  it('a resolved or archived question refuses, before its fields are looked at', () => {
    expect(refusal(() => planDetailsChange({ ...published, isResolved: true }, { resolutionCriteria: '\u202E' }, now))).toEqual(['FAILED_PRECONDITION', M.resolved]);
    expect(refusal(() => planDetailsChange({ ...draft, isArchived: true }, { closesAt: null }, now))).toEqual(['FAILED_PRECONDITION', M.archived]);
  });
});

describe('publishing and scheduling against the close time', () => {
  const closesAt = at('2026-03-10T16:00:00Z');

  it('publishing needs the close still ahead; a schedule must come before it', () => {
    expect(() => assertCloseAhead(null, now)).not.toThrow();
    expect(() => assertCloseAhead(closesAt, now)).not.toThrow();
    expect(refusal(() => assertCloseAhead(closesAt, closesAt))).toEqual(['FAILED_PRECONDITION', M.passed]);
    expect(() => assertScheduleBeforeClose(closesAt, at('2026-03-10T15:59:59Z'))).not.toThrow();
    expect(refusal(() => assertScheduleBeforeClose(closesAt, closesAt))).toEqual(['INVALID_ARGUMENT', M.beforeClose]);
  });

  it('a schedule found due after the close is missed, and the audit says why', () => {
    const scheduledFor = at('2026-03-10T15:00:00Z');
    expect(dueOutcome(scheduledFor, at('2026-03-10T15:30:00Z'), closesAt)).toMatchObject({ kind: 'publish' });
    const missed = dueOutcome(scheduledFor, closesAt, closesAt);
    expect(missed).toEqual({ kind: 'missed', lateMs: 3600_000, closed: true });
    expect(scheduleAuditDetail(scheduledFor, missed)).toBe('Scheduled for 2026-03-10T15:00:00.000Z; missed by 1 h, past its close time: left as a draft');
  });

  it('isClosed: at and after the close time', () => {
    expect(isClosed({ closesAt }, at('2026-03-10T15:59:59.999Z'))).toBe(false);
    expect(isClosed({ closesAt }, closesAt)).toBe(true);
    expect(isClosed({ closesAt: null }, at('2099-01-01T00:00:00Z'))).toBe(false);
  });
});
