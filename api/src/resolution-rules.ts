/**
 * What a resolution's source, note and correction reason must be (PRODUCT.md "Scheduling and judging"). One rule for
 * every component: the admin's dialog checks it as they type, the gateway at the edge, the questions service again in
 * its domain (it trusts no caller). No validator library here (the web imports this at run time: `@mzansi/api/rules`).
 *
 * A source is an absolute `http:` or `https:` address as the URL parser (WHATWG URL, in browsers and Node alike) reads
 * it — never a regex — with a host and without a user name or password, at most SOURCE_URL_MAX characters, and a
 * title. `javascript:`, `data:`, `ftp:`, relative addresses and anything with white space or control characters in it
 * are refused. The address kept and shown is the parser's own serialisation (`URL#href`).
 */

export const SOURCE_URL_MAX = 2000;
export const SOURCE_TITLE_MAX = 120;
export const RESOLUTION_NOTE_MAX = 280;
export const CORRECTION_REASON_MAX = 500;
/** A resolution may be corrected once, within this long after it was resolved. */
export const CORRECTION_WINDOW_MS = 24 * 3600_000;

/** The English words of each refusal; `resolution` + Key is its code (the web's `error.<code>`). */
export const RESOLUTION_MESSAGES = {
  sourceRequired: 'Please give the source: a web address and its title',
  urlInvalid: 'The source must be a full web address, such as https://www.elections.org.za/',
  urlScheme: 'The source address must start with http:// or https://',
  urlCredentials: 'The source address may not contain a user name or password',
  urlTooLong: `The source address must be at most ${SOURCE_URL_MAX} characters`,
  titleRequired: 'Please give the source a title',
  titleTooLong: `The source title must be at most ${SOURCE_TITLE_MAX} characters`,
  noteTooLong: `The note must be at most ${RESOLUTION_NOTE_MAX} characters`,
  reasonRequired: 'Please say why the resolution is being corrected',
  reasonTooLong: `The reason must be at most ${CORRECTION_REASON_MAX} characters`,
} as const;
export type ResolutionProblem = keyof typeof RESOLUTION_MESSAGES;

/** The code a problem travels with: `resolutionUrlScheme`. */
export type ResolutionCode = `resolution${Capitalize<ResolutionProblem>}`;
export const resolutionCode = (p: ResolutionProblem): ResolutionCode => `resolution${p[0]!.toUpperCase()}${p.slice(1)}` as ResolutionCode;

// White space and control characters: a pasted address with a space in it is a mistake, not a link to percent-encode.
// eslint-disable-next-line no-control-regex
const BLANK_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

/** Why `value` is not a source address, or null when it is one (see the module's comment). */
export function sourceUrlProblem(value: unknown): ResolutionProblem | null {
  const raw = typeof value === 'string' ? value.trim() : '';
  if (!raw) return 'sourceRequired';
  if (raw.length > SOURCE_URL_MAX) return 'urlTooLong';
  if (BLANK_OR_CONTROL.test(raw)) return 'urlInvalid';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // No base: a relative address ("/results", "//host/x", "www.x.co.za") does not parse.
    return 'urlInvalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'urlScheme';
  if (url.username || url.password) return 'urlCredentials';
  if (!url.hostname) return 'urlInvalid';
  if (url.href.length > SOURCE_URL_MAX) return 'urlTooLong';
  return null;
}

export interface ResolutionInput {
  source: { url: string; title: string };
  /** Empty: none. */
  note: string;
}

/**
 * A resolution's source and note as given (any JSON), checked and normalised: the address as the URL parser writes
 * it, the title and note trimmed. The first problem otherwise, in the order the dialog shows its fields.
 */
export function checkResolution(source: unknown, note: unknown): { ok: true; value: ResolutionInput } | { ok: false; problem: ResolutionProblem } {
  const s = source && typeof source === 'object' ? (source as Record<string, unknown>) : {};
  const problem = sourceUrlProblem(s.url) ?? sourceTitleProblem(s.title) ?? resolutionNoteProblem(note);
  if (problem) return { ok: false, problem };
  return { ok: true, value: { source: { url: new URL((s.url as string).trim()).href, title: (s.title as string).trim() }, note: typeof note === 'string' ? note.trim() : '' } };
}

/** Why `value` is not a source title (required, at most SOURCE_TITLE_MAX characters once trimmed), or null. */
export function sourceTitleProblem(value: unknown): ResolutionProblem | null {
  const title = typeof value === 'string' ? value.trim() : '';
  if (!title) return 'titleRequired';
  return title.length > SOURCE_TITLE_MAX ? 'titleTooLong' : null;
}

/** Why `value` is not a note (optional, at most RESOLUTION_NOTE_MAX characters once trimmed), or null. */
export function resolutionNoteProblem(value: unknown): ResolutionProblem | null {
  const note = typeof value === 'string' ? value.trim() : '';
  return note.length > RESOLUTION_NOTE_MAX ? 'noteTooLong' : null;
}

/** A correction's reason, trimmed; the problem when it is missing or too long. */
export function checkCorrectionReason(reason: unknown): { ok: true; value: string } | { ok: false; problem: ResolutionProblem } {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (!text) return { ok: false, problem: 'reasonRequired' };
  if (text.length > CORRECTION_REASON_MAX) return { ok: false, problem: 'reasonTooLong' };
  return { ok: true, value: text };
}

/** Whether a resolution at `resolvedAt` may still be corrected at `now` (strictly less than 24 hours later). */
export function withinCorrectionWindow(resolvedAt: Date, now: Date): boolean {
  // A resolution a moment "in the future" (another replica's clock) is simply young.
  return now.getTime() - resolvedAt.getTime() < CORRECTION_WINDOW_MS;
}
