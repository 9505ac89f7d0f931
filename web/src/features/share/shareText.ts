// Share texts and share links (spec §2 Share panel, §7 Other, §9; PRODUCT.md "Name and voice").

export const SHARE_HASHTAGS = '#MzansiPredicts #SouthAfrica #DailyVote';
export const SHARE_FLAG = '🇿🇦';
const SUFFIX = `${SHARE_FLAG} ${SHARE_HASHTAGS}`;

export type YesNo = 'YES' | 'NO';

/** 'yes' and 'option1' mean YES; 'no' and 'option2' mean NO (spec §3). */
export function yesNoOf(optionId: string): YesNo | null {
  const id = optionId.trim().toLowerCase();
  if (id === 'yes' || id === 'option1') return 'YES';
  if (id === 'no' || id === 'option2') return 'NO';
  return null;
}

const stripMark = (question: string) => question.trim().replace(/\?+$/, '').trim();
const withMark = (question: string) => `${stripMark(question)}?`;
const pct = (n: number) => `${Math.round(Number.isFinite(n) ? n : 0)}%`;

/** "I just voted YES on: Will …? What's your prediction? 🇿🇦 #MzansiPredicts #SouthAfrica #DailyVote" */
export function voteShareText(question: string, answer: YesNo): string {
  return `I just voted ${answer} on: ${withMark(question)} What's your prediction? ${SUFFIX}`;
}

/**
 * "I predicted Will … would be YES! YES 62% NO 38% ✅ 🇿🇦 #…". Percentages are rounded. A check mark reads as
 * "I was right", so the spec's mark (✅ with the larger share, ❌ otherwise; a tie is not larger)
 * appears only once the question is resolved, and then says whether the prediction was correct. Before that:
 * no mark.
 */
export function resultShareText(
  question: string,
  answer: YesNo,
  yesPercent: number,
  noPercent: number,
  correct: boolean | null = null,
): string {
  const mark = correct === null ? '' : correct ? '✅ ' : '❌ ';
  return `I predicted ${stripMark(question)} would be ${answer}! YES ${pct(yesPercent)} NO ${pct(noPercent)} ${mark}${SUFFIX}`;
}

/** Neutral result text for a card without the user's own answer: "Will …? YES 62% / NO 38% 🇿🇦 #…" */
export function neutralResultShareText(question: string, yesPercent: number, noPercent: number): string {
  return `${withMark(question)} YES ${pct(yesPercent)} / NO ${pct(noPercent)} ${SUFFIX}`;
}

export type SharePlatform = 'twitter' | 'facebook' | 'whatsapp';

/** Share links: microblog intent (text, url), social sharer (u, quote), WhatsApp (text). */
export function shareUrl(platform: SharePlatform, text: string, url: string): string {
  const e = encodeURIComponent;
  switch (platform) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(url)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${e(url)}&quote=${e(text)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${e(`${text} ${url}`)}`;
  }
}

/** Share windows are 600x400. */
export const SHARE_WINDOW_FEATURES = 'width=600,height=400,noopener,noreferrer';

/**
 * YES / NO for an option of a question: by id ('yes'/'option1', 'no'/'option2'), else by position
 * (the first option reads YES, any other NO).
 */
export function yesNoForOption(options: ReadonlyArray<{ id: string }>, optionId: string): YesNo {
  const byId = yesNoOf(optionId);
  if (byId) return byId;
  return options.findIndex((o) => o.id === optionId) === 0 ? 'YES' : 'NO';
}

/** The YES and NO shares (0–100) of a result list, matched with `yesNoForOption`. */
export function yesNoShares(
  options: ReadonlyArray<{ id: string }>,
  results: ReadonlyArray<{ optionId: string; percentage: number }>,
): { yes: number; no: number } {
  let yes = 0;
  let no = 0;
  for (const r of results) {
    const share = Number.isFinite(r.percentage) ? r.percentage : 0;
    if (yesNoForOption(options, r.optionId) === 'YES') yes += share;
    else no += share;
  }
  return { yes, no };
}
