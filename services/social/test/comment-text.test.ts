import { describe, expect, it } from 'vitest';
import { AppError } from '@mzansi/kit';
import { TEXT_MESSAGES } from '@mzansi/kit/text';
import { MESSAGES, validateComment } from '../src/domain/comments.js';

/** The comment text rules: no bidi controls, invisible-only text counts as no text. */

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
  it.each(['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])('refuses the bidi control %j, with or without an image', (c) => {
    expect(invalidMessage(() => validateComment(`Great ${c}question`, false))).toBe(TEXT_MESSAGES.bidi('Comments'));
    expect(invalidMessage(() => validateComment(`${c}`, true))).toBe(TEXT_MESSAGES.bidi('Comments'));
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['joiners', '\u200C\u200D'],
    ['word joiner and BOM', '\u2060\uFEFF'],
    ['other format characters', '\u00AD\u180E\u{E0020}'],
    ['invisible characters between spaces and newlines', ' \u200B\n\u200D\t'],
  ])('treats text of only %s as empty', (_n, text) => {
    expect(invalidMessage(() => validateComment(text, false))).toBe(MESSAGES.empty);
    expect(validateComment(text, true)).toBe(''); // with an image: an image comment without text
  });

  it('keeps visible text with invisible characters inside it', () => {
    expect(validateComment('\u200BAyoba!\u200B', false)).toBe('\u200BAyoba!\u200B');
    expect(validateComment('👨‍👩‍👧', false)).toBe('👨‍👩‍👧');
  });
});
