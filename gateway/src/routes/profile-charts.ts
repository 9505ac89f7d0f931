import type { Router } from 'express';
import { IdParams } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { send } from '../respond.js';
import { requireActor, requireSelf } from '../session.js';

/**
 * The profile's charts of how well a player did (self or admin, as /stats): GET /api/users/{id}/calibration (by
 * confidence) and GET /api/users/{id}/accuracy-history (accuracy and calibration month by month).
 */
export function profileChartRoutes(r: Router, clients: Clients): void {
  r.get('/:id/calibration', async (req, res) => {
    requireActor(res);
    const { id } = parse(IdParams, req.params);
    const actor = requireSelf(res, id, { adminMayRead: true });
    const c = await clients.voting.getCalibration({ userId: id }, { actor });
    send(res, 'GET /api/users/{id}/calibration', 200, {
      resolved: c.resolved,
      meanSkill: Math.round(c.meanSkill * 10_000) / 10_000,
      buckets: c.buckets.map((b) => ({
        from: b.from,
        to: b.to,
        count: b.count,
        correct: b.correct,
        // Mean confidence and share correct, both in % to one decimal (null for an empty bucket).
        predicted: b.count ? Math.round(b.meanConfidence * 10) / 10 : null,
        actual: b.count ? Math.round((b.correct / b.count) * 1000) / 10 : null,
      })),
    });
  });

  r.get('/:id/accuracy-history', async (req, res) => {
    requireActor(res);
    const { id } = parse(IdParams, req.params);
    const actor = requireSelf(res, id, { adminMayRead: true });
    const { months } = await clients.voting.getAccuracyHistory({ userId: id }, { actor });
    send(res, 'GET /api/users/{id}/accuracy-history', 200, {
      points: months.map((m) => ({
        month: m.month,
        answered: m.answered,
        resolved: m.resolved,
        correct: m.correct,
        accuracy: m.resolved ? Math.round((m.correct / m.resolved) * 100) : null,
        calibration: m.resolved ? Math.round((m.skillSum / m.resolved) * 10_000) / 10_000 : null,
      })),
    });
  });
}
