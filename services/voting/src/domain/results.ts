import { percentageOf, type ResultsChanged } from '@mzansi/kit/live';

/**
 * A question's results as the live channel sends them: every option in the question's order (an option nobody
 * chose shows 0), with its text, and the total of the counted options. A blind question that is not resolved
 * carries only the total (PRODUCT.md: blind questions).
 */
export function resultsOfQuestion(questionId: string, options: { id: string; text: string }[], counts: Map<string, number>, blind = false): ResultsChanged {
  const totalVotes = options.reduce((n, o) => n + (counts.get(o.id) ?? 0), 0);
  if (blind) return { questionId, totalVotes, results: [], blind: true };
  return {
    questionId,
    totalVotes,
    results: options.map((o) => {
      const votes = counts.get(o.id) ?? 0;
      return { optionId: o.id, optionText: o.text, votes, percentage: percentageOf(votes, totalVotes) };
    }),
  };
}
