import type { Router } from 'express';
import { grpc, isGrpcError, type Actor } from '@mzansi/kit/base';
import { HISTORY_MAX_POINTS, IdParams } from '@mzansi/api';
import { resultsHiddenFor } from '@mzansi/api/rules';
import type { Clients } from '../clients.js';
import { sendJson, type PublicCache } from '../cache.js';
import { notFound, parse } from '../errors.js';
import { historiesOf, historyJson } from '../history.js';
import { bodyOf, send } from '../respond.js';
import { actorOf } from '../session.js';
import { questionOf } from './voting.js';

/** Whether the reader may see an open blind question's figures: they answered it, or they are an admin. */
async function revealedTo(clients: Clients, actor: Actor | undefined, questionId: string): Promise<boolean> {
  if (!actor) return false;
  if (actor.isAdmin) return true;
  try {
    await clients.voting.getAnswer({ userId: actor.id, questionId }, { actor });
    return true;
  } catch (err) {
    if (isGrpcError(err) && err.code === grpc.status.NOT_FOUND) return false;
    throw err;
  }
}

/**
 * GET /api/questions/{id}/history: how the nation moved, signed in or out. What everyone may see (every question but
 * an open blind one) is one shared body, cached like the public results (≤ 1 s; the app's first middleware answers
 * hits: public-reads.ts). An open blind question's figures go only to those who answered it (and admins), never
 * through the cache; anyone else gets the totals alone, as GET /results answers them.
 */
export function historyRoutes(r: Router, { clients, cache }: { clients: Clients; cache: PublicCache }): void {
  r.get('/:id/history', async (req, res) => {
    const id = parse(IdParams, req.params).id;
    const key = `history:${id}`;
    const hit = cache.peek(key);
    if (hit) return sendJson(res, hit);
    // The question (its rules) and its history in parallel: voting's history is public figures, filtered here.
    const [question, histories] = await Promise.all([questionOf(clients, id), historiesOf(clients, [id], HISTORY_MAX_POINTS)]);
    const h = histories.get(id);
    if (!question.isPublished || !h) throw notFound('Question not found');
    const body = (hidden: boolean) => ({ ...historyJson(h, hidden), ...(question.isBlind && { isBlind: true as const, resultsHidden: hidden }) });
    if (!resultsHiddenFor(question, false)) {
      return cache.serve(res, key, async () => bodyOf('GET /api/questions/{id}/history', 200, body(false)));
    }
    const revealed = await revealedTo(clients, actorOf(res), id);
    send(res, 'GET /api/questions/{id}/history', 200, body(!revealed));
  });
}
