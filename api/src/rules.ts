/**
 * The API's rules that more than one component applies, with no validator attached (the web may import this at run
 * time: `@mzansi/api/rules`).
 */

/**
 * Whether a question's per-option figures are withheld from a reader: an open (unresolved) blind question, unless
 * the reader answered it (or is an admin). Shared reads (public lists, public results, the live channel) are
 * anonymous: `revealed` false. Withheld figures leave only the total (`resultsHidden: true`, `results` empty).
 */
export function resultsHiddenFor(q: { isBlind: boolean; isResolved: boolean }, revealed: boolean): boolean {
  return q.isBlind && !q.isResolved && !revealed;
}

/**
 * Whether answering a question has closed at `now`: at and after its close time (a question without one closes only
 * by resolving). The voting service enforces it (its domain and the SQL that writes an answer); the questions
 * service reports it as `isClosed`; the web turns a question closed as the clock passes its time.
 */
export function isPastClose(closesAt: Date | string | number | null | undefined, now: Date | number): boolean {
  if (closesAt === null || closesAt === undefined) return false;
  const at = closesAt instanceof Date ? closesAt.getTime() : new Date(closesAt).getTime();
  return !Number.isNaN(at) && (now instanceof Date ? now.getTime() : now) >= at;
}

/** Longest resolution criteria, after trimming (the questions service refuses more; the gateway checks it too). */
export const RESOLUTION_CRITERIA_MAX = 1000;
export * from './resolution-rules.js';

const MARKUP_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for XML/HTML element content and attribute values; control characters dropped. */
export const escapeMarkup = (s: string) =>
  // eslint-disable-next-line no-control-regex
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"']/g, (c) => MARKUP_ESCAPES[c]!);

/** The embed's frame size when the consumer sets no maximum (it fits a 360–390 px phone column). */
export const EMBED_WIDTH = 390;
export const EMBED_HEIGHT = 480;

/**
 * The embed's iframe for a question, every value escaped (the title is the admin's text): what oEmbed answers and
 * what "Copy embed code" copies. Its sandbox lets the frame open the first-party answer popup and hear back from it.
 */
export function embedIframeHtml(origin: string, id: string, title: string, width = EMBED_WIDTH, height = EMBED_HEIGHT): string {
  return (
    `<iframe src="${escapeMarkup(`${origin}/embed/q/${id}`)}" width="${width}" height="${height}" title="${escapeMarkup(title)}" loading="lazy" ` +
    `style="border:0;max-width:100%" sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>`
  );
}
