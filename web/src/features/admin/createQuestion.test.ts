import { describe, expect, it, test } from 'vitest';
import {
  buildCreateQuestionPayload,
  buildTranslationsPayload,
  CLOSES_AFTER_MESSAGE,
  CLOSES_INCOMPLETE_MESSAGE,
  emptyCreateQuestionForm,
  translationsForm,
  utcIsoFromDateAndTime,
} from './createQuestion';

const filled = {
  text: '  Will Parliament pass the budget by Friday  ',
  context: '   ',
  option1: 'Yes',
  option2: 'No',
  date: '2025-11-22',
  time: '13:00',
  isBlind: false,
};

test('defaults: Yes / No, today (SAST), 13:00', () => {
  // 23:30 UTC on 21 Nov is already 22 Nov in South Africa.
  expect(emptyCreateQuestionForm(new Date('2025-11-21T23:30:00Z'))).toEqual({
    text: '',
    context: '',
    option1: 'Yes',
    option2: 'No',
    date: '2025-11-22',
    time: '13:00',
    isBlind: false,
    resolutionCriteria: '',
    closesDate: '',
    closesTime: '',
  });
});

describe('resolution criteria and close time', () => {
  it('are sent trimmed when given, left out when empty', () => {
    const result = buildCreateQuestionPayload({ ...filled, resolutionCriteria: '  By the Hansard record.  ', closesDate: '2025-11-22', closesTime: '16:00' });
    expect(result).toMatchObject({ ok: true, payload: { resolutionCriteria: 'By the Hansard record.', closesAt: '2025-11-22T16:00:00.000Z' } });
    const plain = buildCreateQuestionPayload({ ...filled, resolutionCriteria: '   ', closesDate: '', closesTime: ' ' });
    expect(plain.ok && plain.payload).not.toHaveProperty('resolutionCriteria');
    expect(plain.ok && plain.payload).not.toHaveProperty('closesAt');
  });

  it('a close date without a time (or the other way round, or not a real day) is refused, as is a close at or before the date', () => {
    for (const [closesDate, closesTime] of [['2025-11-22', ''], ['', '16:00'], ['2025-02-30', '16:00']]) {
      expect(buildCreateQuestionPayload({ ...filled, closesDate, closesTime })).toEqual({ ok: false, error: CLOSES_INCOMPLETE_MESSAGE });
    }
    expect(buildCreateQuestionPayload({ ...filled, closesDate: '2025-11-22', closesTime: '13:00' })).toEqual({ ok: false, error: CLOSES_AFTER_MESSAGE });
    expect(buildCreateQuestionPayload({ ...filled, closesDate: '2025-11-22', closesTime: '13:01' }).ok).toBe(true);
  });

  it('a translation may carry its own criteria, and needs its text for them', () => {
    const zu = { text: 'Ingabe iPhalamende', context: '', option1: '', option2: '', criteria: ' Ngokwe-Hansard. ' };
    expect(buildCreateQuestionPayload({ ...filled, translations: { zu } })).toMatchObject({ ok: true, payload: { translations: { zu: { text: 'Ingabe iPhalamende', resolutionCriteria: 'Ngokwe-Hansard.' } } } });
    expect(buildCreateQuestionPayload({ ...filled, translations: { zu: { ...zu, text: '' } } })).toMatchObject({ ok: false, language: 'zu' });
  });
});

test('payload: trimmed text, context null when empty, date+time as UTC ISO, yes/no options', () => {
  expect(buildCreateQuestionPayload(filled)).toEqual({
    ok: true,
    payload: {
      text: 'Will Parliament pass the budget by Friday',
      context: null,
      date: '2025-11-22T13:00:00.000Z',
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
      isBlind: false,
    },
  });
});

test('blind: "Hide results until people answer" is sent as isBlind', () => {
  const r = buildCreateQuestionPayload({ ...filled, isBlind: true });
  expect(r.ok && r.payload.isBlind).toBe(true);
});

test('context kept when given', () => {
  const r = buildCreateQuestionPayload({ ...filled, context: ' Vote on Thursday ', time: '07:05' });
  expect(r.ok && r.payload.context).toBe('Vote on Thursday');
  expect(r.ok && r.payload.date).toBe('2025-11-22T07:05:00.000Z');
});

test.each(['text', 'option1', 'option2', 'date', 'time'] as const)('missing %s', (key) => {
  expect(buildCreateQuestionPayload({ ...filled, [key]: '  ' })).toEqual({
    ok: false,
    error: 'Please fill in all required fields',
  });
});

test('invalid dates are refused', () => {
  expect(utcIsoFromDateAndTime('2025-02-30', '13:00')).toBeNull();
  expect(utcIsoFromDateAndTime('2025-02-28', '25:00')).toBeNull();
  expect(utcIsoFromDateAndTime('22/11/2025', '13:00')).toBeNull();
  expect(utcIsoFromDateAndTime('2025-02-28', '13:00')).toBe('2025-02-28T13:00:00.000Z');
});

describe('buildCreateQuestionPayload: translations (issue #20)', () => {
  const base = { ...emptyCreateQuestionForm(new Date('2026-03-10T08:00:00Z')), text: 'Will it rain', option1: 'Yes', option2: 'No' };
  it('sends only the languages with text, and only the parts filled in', () => {
    const result = buildCreateQuestionPayload({
      ...base,
      translations: {
        zu: { text: ' Ngabe lizona ', context: '', option1: 'Yebo', option2: ' ' },
        af: { text: '', context: '', option1: '', option2: '' },
      },
    });
    expect(result).toMatchObject({ ok: true, payload: { translations: { zu: { text: 'Ngabe lizona', options: { yes: 'Yebo' } } } } });
    expect(result.ok && result.payload.translations).not.toHaveProperty('af');
  });
  it('leaves translations out when none is given', () => {
    const result = buildCreateQuestionPayload(base);
    expect(result.ok && result.payload).not.toHaveProperty('translations');
  });
  it('asks for the question text of a language with only its context or options', () => {
    expect(buildCreateQuestionPayload({ ...base, translations: { st: { text: '', context: 'Maemo', option1: '', option2: '' } } })).toEqual({
      ok: false,
      error: 'The Sesotho translation needs the question text',
      language: 'st',
    });
  });
});

describe('translations after create', () => {
  it('the stored translations fill the form, and the form gives them back', () => {
    const stored = {
      zu: { text: 'Ngabe lizona', context: null, options: { yes: 'Yebo' }, resolutionCriteria: 'Ngokwe-SAWS.' },
      af: { text: 'Sal dit reën', context: null, options: {}, resolutionCriteria: null },
    };
    const form = translationsForm(stored);
    expect(form).toEqual({
      zu: { text: 'Ngabe lizona', context: '', option1: 'Yebo', option2: '', criteria: 'Ngokwe-SAWS.' },
      af: { text: 'Sal dit reën', context: '', option1: '', option2: '', criteria: '' },
    });
    expect(buildTranslationsPayload(form)).toEqual({
      ok: true,
      translations: { zu: { text: 'Ngabe lizona', options: { yes: 'Yebo' }, resolutionCriteria: 'Ngokwe-SAWS.' }, af: { text: 'Sal dit reën' } },
    });
    // Emptied: the language is left out (English shows).
    expect(buildTranslationsPayload({ ...form, zu: { text: ' ', context: '', option1: '', option2: '' } })).toEqual({ ok: true, translations: { af: { text: 'Sal dit reën' } } });
  });
});
