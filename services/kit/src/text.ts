import { invalid } from './errors.js';

/**
 * Rules for text that people type and others see (display names, comments, question suggestions). Pure: no I/O, so
 * domain modules import it through `@mzansi/kit/text` without pulling in the database, broker or gRPC code of the
 * kit's index.
 */

/**
 * Every bidirectional formatting character (Unicode's Bidi_Control set): the embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) reorder the text that follows them, also outside the field they were typed into
 * (U+202E in a name reversed the rest of a Friends card); the marks (U+200E LRM, U+200F RLM, U+061C ALM) are
 * invisible and flip where neutral characters such as digits and brackets land, so "5 (R)" can be made to read as
 * another figure. No name, comment or suggestion needs them: the browser orders mixed-direction text by itself.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * Characters that draw nothing by themselves: white space, control and format (Cf) characters such as the
 * zero-width space and joiners (U+200B–U+200D), the word joiner (U+2060) and the byte-order mark (U+FEFF), every
 * other default-ignorable code point (soft hyphen, variation selectors, Hangul fillers, tag characters), the blank
 * Braille pattern, and combining marks, which only decorate a letter before them.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800\u3164]*$/u;

/** A combining mark (accent, vowel sign, enclosing mark, variation selector). */
const MARK = /^\p{M}$/u;
/** What stays part of the letter before it without being a mark (joiners and other invisible characters). */
const TRANSPARENT = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;

/**
 * Marks one letter may carry after NFC. Two covers South Africa's written languages (their accented letters, "ê", "ë",
 * "š", compose to one character under NFC and keep no mark) and emoji (a keycap "1️⃣" has two); more is "Zalgo"
 * text whose marks pile above and below the line, over the names and comments around it.
 */
export const MAX_MARKS_PER_LETTER = 2;

export const TEXT_MESSAGES = {
  bidi: (what: string) => `${what} cannot contain characters that change the text direction (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069)`,
  marks: (what: string) => `${what} cannot put more than ${MAX_MARKS_PER_LETTER} accents or marks on one letter`,
} as const;

/** True when the text holds a bidirectional control character. */
export const hasBidiControls = (text: string): boolean => BIDI_CONTROLS.test(text);

/** True when nothing in the text would be visible: empty, or only white space, marks and invisible characters. */
export const isInvisible = (text: string): boolean => INVISIBLE_ONLY.test(text);

/**
 * True when one letter carries more than MAX_MARKS_PER_LETTER combining marks once the text is NFC-normalised
 * (so an accent that composes with its letter does not count). Invisible characters between marks do not start a
 * new letter: a mark after a zero-width joiner still lands on the same glyph.
 */
export function hasStackedMarks(text: string): boolean {
  let marks = 0;
  for (const ch of text.normalize('NFC')) {
    if (MARK.test(ch)) {
      if (++marks > MAX_MARKS_PER_LETTER) return true;
    } else if (!TRANSPARENT.test(ch)) marks = 0;
  }
  return false;
}

/** Throws INVALID_ARGUMENT (`what` names the field for the message, e.g. "Name") when the text has bidi controls. */
export function refuseBidiControls(text: string, what: string): void {
  if (hasBidiControls(text)) throw invalid(TEXT_MESSAGES.bidi(what));
}

/**
 * Throws INVALID_ARGUMENT when the text could hide or disguise itself or what is around it: bidi controls, or a
 * letter with more than MAX_MARKS_PER_LETTER marks. Text that is only invisible is the caller's to treat as empty
 * (isInvisible), with that field's own "required" message.
 */
export function refuseHidingText(text: string, what: string): void {
  refuseBidiControls(text, what);
  if (hasStackedMarks(text)) throw invalid(TEXT_MESSAGES.marks(what));
}

/**
 * Text others will read (a suggestion, a question's resolution criteria), trimmed; '' when nothing in it is visible.
 * Throws INVALID_ARGUMENT (`what` names the field) when it holds bidi controls or stacked marks.
 */
export function visibleText(raw: string, what: string): string {
  const text = raw.trim();
  refuseBidiControls(text, what);
  if (isInvisible(text)) return '';
  refuseHidingText(text, what);
  return text;
}

/**
 * A display name as stored: NFC-normalised (the same name typed on two keyboards is the same string, and a
 * decomposed "é" does not count twice against the length limit) and trimmed; '' when nothing in it is visible.
 * Throws INVALID_ARGUMENT when it holds bidi controls or stacked marks.
 */
export function normaliseName(raw: string, what = 'Name'): string {
  const name = raw.normalize('NFC').trim();
  refuseBidiControls(name, what);
  if (isInvisible(name)) return '';
  refuseHidingText(name, what);
  return name;
}
