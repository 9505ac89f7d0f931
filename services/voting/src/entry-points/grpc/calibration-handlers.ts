import { forbidden, isUuid, type CallContext, type Clock } from '@mzansi/kit';
import * as repo from '../../data-access/voting-repo.js';
import { accuracyMonths, HISTORY_MONTHS, monthsBefore } from '../../domain/accuracy-history.js';
import { calibrationChart } from '../../domain/calibration.js';
import { monthKey } from '../../domain/scoring.js';
import type { VotingContext } from '../../context.js';

/** A user's own data: the acting user, or an admin. */
export function requireSelfOrAdmin(call: CallContext, userId: string) {
  const actor = call.requireActor();
  if (actor.id !== userId && !actor.isAdmin) throw forbidden('You can only see your own data');
  return actor;
}

/** The profile's charts of how well a player did: calibration by confidence, accuracy and calibration by month. */
export function calibrationHandlers(ctx: VotingContext, clock: Clock) {
  return {
    async getCalibration(req: { userId: string }, call: CallContext) {
      requireSelfOrAdmin(call, req.userId);
      const rows = isUuid(req.userId) ? await repo.calibrationOf(ctx.db, req.userId) : [];
      return calibrationChart(rows);
    },

    async getAccuracyHistory(req: { userId: string }, call: CallContext) {
      requireSelfOrAdmin(call, req.userId);
      const current = monthKey(clock());
      const rows = isUuid(req.userId) ? await repo.monthsOf(ctx.db, req.userId, monthsBefore(current, HISTORY_MONTHS - 1)) : [];
      return { months: accuracyMonths(rows, current) };
    },
  };
}
