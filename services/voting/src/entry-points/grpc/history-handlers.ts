import { invalid, isUuid, type Clock } from '@mzansi/kit';
import type { GetResultsHistoryRequest, GetResultsHistoryResponse } from '@mzansi/proto/voting/v1/voting';
import { historyRows } from '../../data-access/history-repo.js';
import { historyOf, MAX_HISTORY_POINTS } from '../../domain/history.js';
import type { VotingContext } from '../../context.js';

/** Most questions per history call (a feed page's worth and more). */
const MAX_QUESTIONS = 100;

/**
 * GetResultsHistory: how the nation moved, for one question (the chart) or a list's worth (the feed's sparklines),
 * in the same two statements. Public figures: no actor needed; blind questions are the gateway's to hide.
 */
export function historyHandlers(ctx: VotingContext, clock: Clock): { getResultsHistory(req: GetResultsHistoryRequest): Promise<GetResultsHistoryResponse> } {
  return {
    async getResultsHistory(req) {
      if (req.questionIds.length > MAX_QUESTIONS) throw invalid(`At most ${MAX_QUESTIONS} ids per call`);
      const ids = [...new Set(req.questionIds.filter(isUuid).map((id) => id.toLowerCase()))];
      const max = Math.min(MAX_HISTORY_POINTS, Math.max(2, req.maxPoints || MAX_HISTORY_POINTS));
      const now = clock();
      // One probe per stored point asked for (probes that land on the same snapshot collapse into one point): the
      // work stays bounded by `max` index probes per question.
      const rows = await historyRows(ctx.pool, ids, now, Math.max(1, max - 2));
      return {
        histories: rows.map((h) => {
          const endAt = h.resolvedAt && h.resolvedAt < now ? h.resolvedAt : now;
          const points = historyOf(h.options, h.publishedAt, endAt, h.snapshots, h.current, max);
          return { questionId: h.questionId, publishedAt: h.publishedAt, resolvedAt: h.resolvedAt ?? undefined, points };
        }),
      };
    },
  };
}
