import { describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.js';
import { hasBidiControls, hasStackedMarks, isInvisible, normaliseName, refuseBidiControls, refuseHidingText, TEXT_MESSAGES } from '../src/text.js';

const BIDI = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('bidi controls', () => {
  it.each(BIDI.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))('%s is refused with a clear message', (_n, c) => {
    expect(hasBidiControls(`Thandi ${c}evil`)).toBe(true);
    expect(() => refuseBidiControls(`Thandi ${c}evil`, 'Name')).toThrowError(new AppError('INVALID_ARGUMENT', TEXT_MESSAGES.bidi('Name')));
  });

  it('right-to-left text is fine: the browser orders it without controls', () => {
    for (const s of ['Thandi Mokoena', 'محمد', 'שלום world', 'عربي 123 (R5)']) expect(hasBidiControls(s)).toBe(false);
  });

  it("refuses exactly Unicode's Bidi_Control set (every code point checked)", () => {
    const bidiControl = /^\p{Bidi_Control}$/u;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (hasBidiControls(c) !== bidiControl.test(c)) throw new Error(`U+${cp.toString(16)} disagrees with Bidi_Control`);
    }
    expect(BIDI.every(hasBidiControls)).toBe(true);
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
    ['combining marks alone (accents, an enclosing circle)', '\u0301\u0308 \u20DD'],
    ['marks on invisible characters', '\u200B\u0301\u2800\u0489'],
  ])('%s counts as nothing', (_n, s) => expect(isInvisible(s)).toBe(true));

  it.each(['a', '\u200Bx\u200B', '👍', '👨‍👩‍👧', '.', 'é'])('%j is visible', (s) => expect(isInvisible(s)).toBe(false));
});

describe('stacked marks', () => {
  it.each([
    ['plain and accented letters', 'Thandi Sibiya, Zoë, Nkosí, Mathebulá'],
    ['a decomposed accent that composes under NFC', 'Zoe\u0301\u0308'],
    ['two marks on one letter', 'q\u0301\u0323 q\u0300\u0302'],
    ['a keycap emoji (variation selector + enclosing keycap)', '1\uFE0F\u20E3'],
    ['emoji sequences with joiners', '👨‍👩‍👧 🏳️‍🌈 👁️‍🗨️'],
    ['Devanagari with a virama and a vowel sign', 'क्षि नमस्ते'],
  ])('%s: allowed', (_n, s) => expect(hasStackedMarks(s)).toBe(false));

  it.each([
    ['three marks on one letter', 'q\u0301\u0302\u0303'],
    ['"Zalgo" text', 'Z\u0336\u0327\u0300a\u0337\u0321l\u0338\u0322\u0315go'],
    ['three marks with a joiner between them', 'q\u0301\u200D\u0302\u200C\u0303'],
    ['marks at the start, on no letter', '\u0301\u0302\u0303abc'],
    ['an accent that composes, then three more', 'e\u0301\u0302\u0303\u0304'],
  ])('%s: refused with a clear message', (_n, s) => {
    expect(hasStackedMarks(s)).toBe(true);
    expect(() => refuseHidingText(s, 'Comments')).toThrowError(new AppError('INVALID_ARGUMENT', TEXT_MESSAGES.marks('Comments')));
  });

  it('the message states the figure', () => expect(TEXT_MESSAGES.marks('Name')).toBe('Name cannot put more than 2 accents or marks on one letter'));
});

describe('normaliseName', () => {
  it('NFC-normalises and trims', () => {
    const decomposed = ' Zoe\u0301 Nkosi ';
    expect(normaliseName(decomposed)).toBe('Zo\u00E9 Nkosi');
    expect(normaliseName(decomposed).length).toBe(9);
  });

  it("is '' when nothing in it is visible", () => expect(normaliseName('\u200B\u200D\uFEFF ')).toBe(''));

  it('refuses bidi controls', () => {
    expect(() => normaliseName('Sipho\u202Eevil')).toThrowError(TEXT_MESSAGES.bidi('Name'));
    expect(() => normaliseName('Sipho\u200Fevil')).toThrowError(TEXT_MESSAGES.bidi('Name'));
  });

  it("refuses stacked marks; a name of only marks is ''", () => {
    expect(() => normaliseName('Sq\u0301\u0302\u0303pho')).toThrowError(TEXT_MESSAGES.marks('Name'));
    expect(normaliseName('\u0301\u0302\u0303\u0304')).toBe('');
  });
});
