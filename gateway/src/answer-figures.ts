import type { ResultsChanged } from '@mzansi/kit/base';
import type { AnswerFigures } from '@mzansi/api';
import type { NewestResults } from './live/newest-results.js';
import { provinceBreakdown, type ProvinceCounts } from './questions.js';

/**
 * The figures a vote's answer carries (AnswerFigures in the contract): the newest live totals this gateway holds for
 * the question, built once per message (every vote until the next one shares them), none for a blind question.
 */
export function answerFigures(newest: NewestResults): (questionId: string) => AnswerFigures | null {
  const built = new WeakMap<ResultsChanged, AnswerFigures>();
  return (questionId) => {
    const m = newest.latest(questionId);
    if (!m || m.blind) return null;
    let figures = built.get(m);
    if (!figures) {
      const options = m.results.map((r) => ({ id: r.optionId }));
      const byProvince: ProvinceCounts = new Map(
        (m.provinces ?? []).map((p) => [p.province, new Map(p.counts.map((c) => [c.optionId, { votes: c.votes, percentage: c.percentage }]))]),
      );
      figures = { results: m.results, totalVotes: m.totalVotes, provinces: provinceBreakdown(options, byProvince, m.totalVotes) };
      built.set(m, figures);
    }
    return figures;
  };
}

