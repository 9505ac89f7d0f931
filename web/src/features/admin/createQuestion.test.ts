import { expect, test } from 'vitest';
import { buildCreateQuestionPayload, emptyCreateQuestionForm, utcIsoFromDateAndTime } from './createQuestion';

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
