import { describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.js';
import { hasBidiControls, isInvisible, normaliseName, refuseBidiControls, TEXT_MESSAGES } from '../src/text.js';

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('bidi controls', () => {
  it.each(BIDI.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))('%s is refused with a clear message', (_n, c) => {
    expect(hasBidiControls(`Thandi ${c}evil`)).toBe(true);
    expect(() => refuseBidiControls(`Thandi ${c}evil`, 'Name')).toThrowError(new AppError('INVALID_ARGUMENT', TEXT_MESSAGES.bidi('Name')));
  });

  it('right-to-left text and the implicit marks (LRM/RLM) are fine', () => {
    for (const s of ['Thandi Mokoena', 'محمد', 'שלום world', 'a\u200Eb\u200Fc']) expect(hasBidiControls(s)).toBe(false);
  });
});

describe('isInvisible', () => {
  it.each([
    ['empty', ''],
    ['spaces, tabs, newlines, NBSP, ideographic space', ' \t\n\u00A0\u3000'],
    ['zero-width space, non-joiner, joiner', '\u200B\u200C\u200D'],
    ['word joiner and BOM', '\u2060\uFEFF'],
    ['other format characters (soft hyphen, LRM, Mongolian vowel separator, tag characters)', '\u00AD\u200E\u180E\u{E0041}'],
    ['Hangul fillers, variation selector, Braille blank', '\u3164\uFFA0\uFE0F\u2800'],
  ])('%s counts as nothing', (_n, s) => expect(isInvisible(s)).toBe(true));

  it.each(['a', '\u200Bx\u200B', '👍', '👨‍👩‍👧', '.', 'é'])('%j is visible', (s) => expect(isInvisible(s)).toBe(false));
});

describe('normaliseName', () => {
  it('NFC-normalises and trims', () => {
    const decomposed = ' Zoe\u0301 Nkosi ';
    expect(normaliseName(decomposed)).toBe('Zo\u00E9 Nkosi');
    expect(normaliseName(decomposed).length).toBe(9);
  });

  it("is '' when nothing in it is visible", () => expect(normaliseName('\u200B\u200D\uFEFF ')).toBe(''));

  it('refuses bidi controls', () => expect(() => normaliseName('Sipho\u202Eevil')).toThrowError(TEXT_MESSAGES.bidi('Name')));
});
