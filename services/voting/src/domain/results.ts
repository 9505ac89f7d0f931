import type { ResultsChanged } from '@mzansi/kit/live';

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

/**
 * A question's results as the live channel sends them: every option in the question's order (an option nobody
 * chose shows 0), with its text, and the total of the counted options; with `provinces` (province code → counts),
 * the same per province that has answers. A blind question that is not resolved carries only the total
 * (PRODUCT.md: blind questions).
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
    ...(provinces && { provinces: [...provinces].map(([province, byOption]) => ({ province, counts: optionFigures(options, byOption) })) }),
  };
}
