import type { ResultsChanged } from '@mzansi/kit/live';
import { shownProvinces } from '@mzansi/kit/provinces';

/**
 * Percentages are computed here and nowhere else: the HTTP API and the live channel carry these. A share of the
 * total in % to one decimal, 0 when there are no votes; an option's shares sum to 100 (± 0.1 rounding).
 */
export function percentageOf(votes: number, totalVotes: number): number {
  return totalVotes ? Math.round((votes / totalVotes) * 1000) / 10 : 0;
}

/** Counts with each one's share of their sum (a question's, or one province's, counts). */
export function withPercentages<T extends { count: number }>(counts: T[]): (T & { percentage: number })[] {
  const total = counts.reduce((n, c) => n + c.count, 0);
  return counts.map((c) => ({ ...c, percentage: percentageOf(c.count, total) }));
}

/** Counts by option id. */
export type OptionCounts = Map<string, number>;

/** Every option in the question's order (an option nobody chose shows 0) with its share of their total. */
function optionFigures(options: { id: string }[], counts: OptionCounts | undefined) {
  const total = options.reduce((n, o) => n + (counts?.get(o.id) ?? 0), 0);
  return options.map((o) => {
    const votes = counts?.get(o.id) ?? 0;
    return { optionId: o.id, votes, percentage: percentageOf(votes, total) };
  });
}

function sumOf(counts: Iterable<number>): number {
  let n = 0;
  for (const c of counts) n += c;
  return n;
}

/**
 * Only the provinces whose figures may leave voting (shownProvinces: none under 30 answers, the residual 0 or at
 * least 30), from a question's national total and its counts by province (code → option → answers). Every read of
 * province figures goes through here, so no caller ever holds a small province's count.
 */
export function provincesToShow<C extends Map<string, number>>(nationalTotal: number, byProvince: Map<string, C>): Map<string, C> {
  const shown = shownProvinces(nationalTotal, [...byProvince].map(([code, counts]) => [code, sumOf(counts.values())] as const));
  return new Map([...byProvince].filter(([code]) => shown.has(code)));
}

/** Province count rows grouped: question id → province code → option id → answers. */
export function provinceCountsByQuestion(rows: { questionId: string; province: string; optionId: string; count: number }[]): Map<string, Map<string, OptionCounts>> {
  const byQuestion = new Map<string, Map<string, OptionCounts>>();
  for (const r of rows) {
    let byProvince = byQuestion.get(r.questionId);
    if (!byProvince) byQuestion.set(r.questionId, (byProvince = new Map()));
    let counts = byProvince.get(r.province);
    if (!counts) byProvince.set(r.province, (counts = new Map()));
    counts.set(r.optionId, r.count);
  }
  return byQuestion;
}

/**
 * Province results as GetProvinceResults gives them, from the national counts and the province counts of some
 * questions (rows as the repository reads them): per question, only the provinces provincesToShow keeps.
 */
export function provinceResults(
  national: { questionId: string; count: number }[],
  rows: { questionId: string; province: string; optionId: string; count: number }[],
): { questionId: string; province: string; counts: { optionId: string; count: number; percentage: number }[]; total: number }[] {
  const totals = new Map<string, number>();
  for (const r of national) totals.set(r.questionId, (totals.get(r.questionId) ?? 0) + r.count);
  return [...provinceCountsByQuestion(rows)].flatMap(([questionId, byProvince]) =>
    [...provincesToShow(totals.get(questionId) ?? 0, byProvince)].map(([province, byOption]) => {
      const counts = [...byOption].map(([optionId, count]) => ({ optionId, count }));
      return { questionId, province, counts: withPercentages(counts), total: sumOf(byOption.values()) };
    }),
  );
}

/**
 * A question's results as the live channel sends them: every option in the question's order (an option nobody
 * chose shows 0), with its text, and the total of the counted options; with `provinces` (province code → counts),
 * the same per province that may be shown (provincesToShow, against this message's own total). A blind question
 * that is not resolved carries only the total (PRODUCT.md: blind questions).
 */
export function resultsOfQuestion(
  questionId: string,
  options: { id: string; text: string }[],
  counts: OptionCounts,
  blind = false,
  provinces?: Map<string, OptionCounts>,
): ResultsChanged {
  const totalVotes = options.reduce((n, o) => n + (counts.get(o.id) ?? 0), 0);
  if (blind) return { questionId, totalVotes, results: [], blind: true };
  return {
    questionId,
    totalVotes,
    results: optionFigures(options, counts).map((r, i) => ({ ...r, optionText: options[i]!.text })),
    ...(provinces && { provinces: [...provincesToShow(totalVotes, provinces)].map(([province, byOption]) => ({ province, counts: optionFigures(options, byOption) })) }),
  };
}
