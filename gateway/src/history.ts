import type { ResultsHistory, Sparkline } from '@mzansi/api';
import type { voting } from '@mzansi/proto';
import type { Clients } from './clients.js';

/** Most questions per GetResultsHistory call (voting's limit). */
const PER_CALL = 100;

/**
 * A question's history as the API shows it. `hidden`: an open blind question for this reader — each point keeps
 * only its total (the same as GET /results gives such a reader), no option's votes or share.
 */
export function historyJson(h: voting.QuestionHistory, hidden: boolean): ResultsHistory {
  return {
    points: h.points.map((p) => ({
      at: p.at!.toISOString(),
      results: hidden ? [] : p.counts.map((c) => ({ optionId: c.optionId, votes: c.count, percentage: c.percentage })),
      totalVotes: p.total,
    })),
    publishedAt: h.publishedAt!.toISOString(),
    resolvedAt: h.resolvedAt?.toISOString() ?? null,
  };
}

/** A card's sparkline from a (≤ 24-point) history: each point's shares in the question's option order. */
export function sparklineOf(h: voting.QuestionHistory): NonNullable<Sparkline> {
  return h.points.map((p) => ({ at: p.at!.toISOString(), percentages: p.counts.map((c) => c.percentage) }));
}

/**
 * The histories of many questions with at most `maxPoints` points each: one GetResultsHistory call per 100
 * questions (one for any list the API serves), in parallel, never one per question.
 */
export async function historiesOf(clients: Clients, questionIds: string[], maxPoints: number): Promise<Map<string, voting.QuestionHistory>> {
  const out = new Map<string, voting.QuestionHistory>();
  if (questionIds.length === 0) return out;
  const chunks: string[][] = [];
  for (let i = 0; i < questionIds.length; i += PER_CALL) chunks.push(questionIds.slice(i, i + PER_CALL));
  const replies = await Promise.all(chunks.map((ids) => clients.voting.getResultsHistory({ questionIds: ids, maxPoints })));
  for (const { histories } of replies) for (const h of histories) out.set(h.questionId, h);
  return out;
}
