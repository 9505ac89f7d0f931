import type { Router } from 'express';
import { IdParams } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { send } from '../respond.js';
import { requireActor, requireSelf } from '../session.js';

/** GET /api/users/{id}/accuracy-history: the profile's month-by-month accuracy and calibration (self or admin, as /stats). */
export function accuracyHistoryRoute(r: Router, clients: Clients): void {
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
