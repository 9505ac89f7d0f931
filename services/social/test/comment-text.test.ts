import { describe, expect, it } from 'vitest';
import { AppError } from '@mzansi/kit';
import { TEXT_MESSAGES } from '@mzansi/kit/text';
import { MESSAGES, validateComment } from '../src/domain/comments.js';

/** The comment text rules: no bidi controls, invisible- or mark-only text counts as no text, at most 2 marks a letter. */

function invalidMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('INVALID_ARGUMENT');
    return (err as AppError).message;
  }
  throw new Error('expected INVALID_ARGUMENT');
}

describe('validateComment: text rules', () => {
  it.each(['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])('refuses the bidi control %j, with or without an image', (c) => {
    expect(invalidMessage(() => validateComment(`Great ${c}question`, false))).toBe(TEXT_MESSAGES.bidi('Comments'));
    expect(invalidMessage(() => validateComment(`${c}`, true))).toBe(TEXT_MESSAGES.bidi('Comments'));
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['joiners', '\u200C\u200D'],
    ['word joiner and BOM', '\u2060\uFEFF'],
    ['other format characters', '\u00AD\u180E\u{E0020}'],
    ['invisible characters between spaces and newlines', ' \u200B\n\u200D\t'],
    ['combining marks', '\u0301\u0302\u0303\u0304\u0305'],
    ['Hangul filler and Braille blank', '\u3164 \u2800'],
  ])('treats text of only %s as empty', (_n, text) => {
    expect(invalidMessage(() => validateComment(text, false))).toBe(MESSAGES.empty);
    expect(validateComment(text, true)).toBe(''); // with an image: an image comment without text
  });

  it('refuses a letter with more than two marks, with or without an image', () => {
    expect(invalidMessage(() => validateComment('Ayoba q\u0301\u0302\u0303!', false))).toBe(TEXT_MESSAGES.marks('Comments'));
    expect(invalidMessage(() => validateComment('Z\u0336\u0327\u0300algo', true))).toBe(TEXT_MESSAGES.marks('Comments'));
    expect(validateComment('Ayoba q\u0301\u0302!', false)).toBe('Ayoba q\u0301\u0302!');
  });

  it('keeps visible text with invisible characters inside it', () => {
    expect(validateComment('\u200BAyoba!\u200B', false)).toBe('\u200BAyoba!\u200B');
    expect(validateComment('👨‍👩‍👧', false)).toBe('👨‍👩‍👧');
  });
});
