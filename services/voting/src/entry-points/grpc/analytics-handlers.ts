import { analyticsRange, AppError, forbidden, sastDate, sastDayRange, type CallContext, type Clock } from '@mzansi/kit';
import type { GetAnswerAnalyticsRequest, GetAnswerAnalyticsResponse } from '@mzansi/proto/voting/v1/voting';
import * as repo from '../../data-access/analytics-repo.js';
import { rollUpClosedDays } from '../../data-access/analytics-rollup.js';
import { dayFigures, participationByProvince, TOP_QUESTIONS } from '../../domain/analytics.js';
import type { VotingContext } from '../../context.js';

export const PREPARING = 'The figures of the last days are being prepared. Please try again in a minute.';

/**
 * GetAnswerAnalytics (admin): how the day went, from voting's own tables. Closed days not rolled up yet are rolled up
 * first (usually none: the job keeps up; yesterday in the minute after midnight), for at most
 * ANALYTICS_READ_ROLLUP_MS (a busy day's roll-up reads that day's answers: more would not fit the call's deadline;
 * UNAVAILABLE while days are left, as when the job has been off). Then today's answers, the roll-ups and the counters
 * are read in parallel (data-access/analytics-repo.ts says what each statement reads and through which index).
 */
export function analyticsHandlers(ctx: VotingContext, clock: Clock) {
  return {
    async getAnswerAnalytics(req: GetAnswerAnalyticsRequest, call: CallContext): Promise<GetAnswerAnalyticsResponse> {
      if (!call.requireActor().isAdmin) throw forbidden('Admin access required');
      const range = analyticsRange(req, clock);
      const now = clock();
      if ((await rollUpClosedDays(ctx.pool, now, ctx.config.ANALYTICS_READ_ROLLUP_MS)).behind) throw new AppError('UNAVAILABLE', PREPARING);
      const today = sastDayRange(sastDate(now), 1);
      const [hours, players, rolled, participation, top] = await Promise.all([
        repo.answersByHour(ctx.pool, today),
        repo.todaysPlayers(ctx.pool, today.today, today),
        repo.rolledDays(ctx.pool, range.firstDay, range.today),
        repo.provinceParticipation(ctx.pool, range),
        repo.topQuestions(ctx.pool, range, TOP_QUESTIONS),
      ]);
      const figures = dayFigures(range.days, rolled, { day: today.today, hours, ...players });
      return {
        firstDay: range.firstDay,
        today: range.today,
        hours: figures.hours,
        days: figures.days,
        provinceNational: participation.national,
        provinces: participationByProvince(participation.national, participation.provinces),
        topQuestions: top,
      };
    },
  };
}
