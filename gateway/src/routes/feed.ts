import { Router } from 'express';
import type { Clients } from '../clients.js';
import type { Composer } from '../compose.js';
import { translationsJson, visibleResults } from '../questions.js';
import { send } from '../respond.js';
import { requireActor } from '../session.js';
import { commentJson } from './comments.js';

/**
 * GET /api/feed/friends: public questions your friends answered or commented on, with their predictions, the
 * overall results and up to 5 of their comments — four calls for the whole feed, whatever its length.
 */
export function friendsFeedRouter({ clients, composer }: { clients: Clients; composer: Composer }): Router {
  const r = Router();
  r.get('/friends', async (_req, res) => {
    const actor = requireActor(res);
    const [{ friends }, { questions }] = await Promise.all([
      clients.social.listFriends({ userId: actor.id }, { actor }),
      clients.questions.listPublicQuestions({ limit: 30, query: '', cursor: '' }),
    ]);
    if (friends.length === 0 || questions.length === 0) {
      send(res, 'GET /api/feed/friends', 200, { friendCount: friends.length, questions: [] });
      return;
    }
    const friendIds = friends.map((f) => f.id);
    const questionIds = questions.map((q) => q.id);
    const [{ answers }, { comments }, counts, sparklines] = await Promise.all([
      // The reader's own answers come too: a blind question's figures show only to those who answered it.
      clients.voting.getAnswersByUsers({ questionIds, userIds: [...friendIds, actor.id] }, { actor }),
      clients.social.listCommentsByUsers({ userIds: friendIds, questionIds }, { actor }),
      composer.counts(questionIds),
      composer.sparklines(questionIds),
    ]);
    const friendById = new Map(friends.map((f) => [f.id, f]));
    const answeredByMe = new Set(answers.filter((a) => a.userId === actor.id).map((a) => a.questionId));
    const out = questions.flatMap((q) => {
      const qAnswers = answers.filter((a) => a.questionId === q.id && a.userId !== actor.id);
      const qComments = comments.filter((c) => c.questionId === q.id);
      if (qAnswers.length === 0 && qComments.length === 0) return [];
      const { results, totalVotes, resultsHidden } = visibleResults(q, counts.get(q.id), answeredByMe.has(q.id) || actor.isAdmin);
      const translations = translationsJson(q);
      return [
        {
          id: q.id,
          text: q.text,
          context: q.context || null,
          resolutionCriteria: q.resolutionCriteria || null,
          date: q.date?.toISOString() ?? null,
          publishedAt: q.publishedAt?.toISOString() ?? null,
          isResolved: q.isResolved,
          correctOptionId: q.correctOptionId || null,
          options: q.options.map((o) => ({ id: o.id, text: o.text })),
          isSample: q.isSample,
          isBlind: q.isBlind,
          resultsHidden,
          results,
          totalVotes,
          sparkline: resultsHidden ? null : (sparklines.get(q.id) ?? null),
          friendAnswers: qAnswers.flatMap((a) => {
            const f = friendById.get(a.userId);
            return f ? [{ userId: f.id, name: f.name, username: f.username, optionId: a.optionId, optionText: q.options.find((o) => o.id === a.optionId)?.text ?? a.optionId }] : [];
          }),
          friendComments: qComments.slice(0, 5).map(commentJson),
          friendCommentCount: qComments.length,
          ...(translations && { translations }),
        },
      ];
    });
    send(res, 'GET /api/feed/friends', 200, { friendCount: friends.length, questions: out });
  });
  return r;
}
