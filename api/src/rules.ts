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
