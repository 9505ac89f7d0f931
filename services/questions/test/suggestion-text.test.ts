import { describe, expect, it } from 'vitest';
import { AppError } from '@mzansi/kit';
import { TEXT_MESSAGES } from '@mzansi/kit/text';
import { SUGGESTION_MESSAGES, validateSuggestion } from '../src/domain/suggestions.js';

/** A suggestion's title and description follow the rules of names and comments for text that hides. */

const TITLE = 'Will the Springboks win in Paris?';

/** The INVALID_ARGUMENT message `fn` throws (the code is checked too). */
const invalidMessage = (fn: () => unknown): string => {
  const err = (() => {
    try {
      fn();
    } catch (e) {
      return e;
    }
    return undefined;
  })();
  expect(err, 'expected INVALID_ARGUMENT').toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('INVALID_ARGUMENT');
  return (err as AppError).message;
};

describe('validateSuggestion: text that hides', () => {
  it.each(['\u061C', '\u200E', '\u200F', '\u202A', '\u202E', '\u2066', '\u2069'])('refuses the bidi control %j in the title and the description', (c) => {
    expect(invalidMessage(() => validateSuggestion({ title: `Will the ${c}Springboks win?`, description: '' }))).toBe(TEXT_MESSAGES.bidi('Question'));
    expect(invalidMessage(() => validateSuggestion({ title: TITLE, description: `Because ${c}reasons` }))).toBe(TEXT_MESSAGES.bidi('Description'));
  });

  it('a title of only invisible characters or marks is as short as an empty one; such a description is none', () => {
    for (const blank of ['\u200B'.repeat(12), '\u3164'.repeat(12), '\u2800'.repeat(12), '\u0301'.repeat(12), '\u00AD\u180E\uFEFF\u2060\u200D'.repeat(3)]) {
      expect(invalidMessage(() => validateSuggestion({ title: blank, description: '' }))).toBe(SUGGESTION_MESSAGES.tooShort);
      expect(validateSuggestion({ title: TITLE, description: blank }).description).toBeNull();
    }
  });

  it('refuses more than two marks on one letter', () => {
    expect(invalidMessage(() => validateSuggestion({ title: 'Will Z\u0336\u0327\u0300algo win the race?', description: '' }))).toBe(TEXT_MESSAGES.marks('Question'));
    expect(invalidMessage(() => validateSuggestion({ title: TITLE, description: 'q\u0301\u0302\u0303' }))).toBe(TEXT_MESSAGES.marks('Description'));
    expect(validateSuggestion({ title: 'Will Zoë and Nkosí win?', description: '1\uFE0F\u20E3 👨‍👩‍👧' })).toEqual({ title: 'Will Zoë and Nkosí win?', description: '1\uFE0F\u20E3 👨‍👩‍👧' });
  });
});
