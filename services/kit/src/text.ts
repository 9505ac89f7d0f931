import { invalid } from './errors.js';

/**
 * Rules for text that people type and others see (display names, comments). Pure: no I/O, so domain modules import
 * it through `@mzansi/kit/text` without pulling in the database, broker or gRPC code of the kit's index.
 */

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). They reorder the text that
 * follows them, also outside the field they were typed into (U+202E in a name reversed the rest of a Friends card),
 * and no name or comment needs them: the browser orders mixed-direction text by itself.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * Characters that draw nothing: white space, control and format (Cf) characters such as the zero-width space and
 * joiners (U+200B–U+200D), the word joiner (U+2060) and the byte-order mark (U+FEFF), every other default-ignorable
 * code point (soft hyphen, variation selectors, Hangul fillers, tag characters) and the blank Braille pattern.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

export const TEXT_MESSAGES = {
  bidi: (what: string) => `${what} cannot contain characters that change the text direction (U+202A–U+202E, U+2066–U+2069)`,
} as const;

/** True when the text holds a bidirectional control character. */
export const hasBidiControls = (text: string): boolean => BIDI_CONTROLS.test(text);

/** True when nothing in the text would be visible: empty, or only white space and invisible characters. */
export const isInvisible = (text: string): boolean => INVISIBLE_ONLY.test(text);

/** Throws INVALID_ARGUMENT (`what` names the field for the message, e.g. "Name") when the text has bidi controls. */
export function refuseBidiControls(text: string, what: string): void {
  if (hasBidiControls(text)) throw invalid(TEXT_MESSAGES.bidi(what));
}

/**
 * A display name as stored: NFC-normalised (the same name typed on two keyboards is the same string, and a
 * decomposed "é" does not count twice against the length limit) and trimmed; '' when nothing in it is visible.
 * Throws INVALID_ARGUMENT when it holds bidi controls.
 */
export function normaliseName(raw: string, what = 'Name'): string {
  const name = raw.normalize('NFC').trim();
  refuseBidiControls(name, what);
  return isInvisible(name) ? '' : name;
}
