import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '@mzansi/kit/text';
import { MESSAGES, validateSignUp } from '../src/domain/users.js';

/** The signup rules on their own (no service): the name's text rules. */
const input = (name: string) => ({ username: 'thandi_m', password: 'long-enough-pw', name, email: '', phoneNumber: '', consent: true, privacyNoticeVersion: '1.0' });

describe('validateSignUp: the display name', () => {
  it('is stored NFC-normalised and trimmed', () => {
    expect(validateSignUp(input('  Zoe\u0301 Nkosi\u0301 ')).name).toBe('Zo\u00E9 Nkos\u00ED');
    expect(validateSignUp(input('Zoe\u0301')).name).toBe('Zo\u00E9');
  });

  it('counts its length after normalising: 100 composed characters fit although the decomposed form has 200', () => {
    expect(validateSignUp(input('e\u0301'.repeat(100))).name).toBe('\u00E9'.repeat(100));
    expect(() => validateSignUp(input('e\u0301'.repeat(101)))).toThrowError(MESSAGES.nameLong);
  });

  it.each(['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])('refuses the bidi control %j', (c) => {
    expect(() => validateSignUp(input(`Sipho ${c}lanimalD`))).toThrowError(TEXT_MESSAGES.bidi('Name'));
  });

  it.each([['zero-width space', '\u200B'], ['joiners', '\u200C\u200D'], ['word joiner + BOM', '\u2060\uFEFF'], ['Hangul filler', '\u3164'], ['mixed', ' \u200B \u00AD ']])(
    'treats a name of only %s as missing',
    (_n, name) => expect(() => validateSignUp(input(name))).toThrowError(MESSAGES.required),
  );

  it('keeps visible names with joiners inside (emoji sequences, Indic scripts)', () => {
    expect(validateSignUp(input('Lerato 👩‍💻')).name).toBe('Lerato 👩‍💻');
  });
});

describe('validateSignUp: POPIA consent', () => {
  it('keeps the accepted notice version', () => {
    expect(validateSignUp(input('Thandi')).privacyNoticeVersion).toBe('1.0');
  });

  it.each([
    ['no consent', { consent: false }],
    ['no notice version', { privacyNoticeVersion: '' }],
    ['a version that names nothing', { privacyNoticeVersion: '<script>' }],
    ['an overlong version', { privacyNoticeVersion: '1'.repeat(33) }],
  ])('refuses %s', (_n, patch) => {
    expect(() => validateSignUp({ ...input('Thandi'), ...patch })).toThrowError(MESSAGES.consent);
  });
});

describe('validateSignUp: the phone number', () => {
  it('is stored as E.164 however it was written; an unreadable one is refused', () => {
    expect(validateSignUp({ ...input('Thandi'), phoneNumber: ' +27 82 123 4567 ' }).phoneNumber).toBe('+27821234567');
    expect(validateSignUp({ ...input('Thandi'), phoneNumber: '082 123 4567' }).phoneNumber).toBe('+27821234567');
    expect(() => validateSignUp({ ...input('Thandi'), phoneNumber: '082 123 456' })).toThrowError(MESSAGES.phone);
  });
});
