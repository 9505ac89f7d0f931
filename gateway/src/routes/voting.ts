import { Router } from 'express';
import { grpc, isGrpcError } from '@mzansi/kit/base';
import type { voting } from '@mzansi/proto';
import { AnswerBody, CONFIDENCE, ConfidenceValue, IdParams, LeaderboardQuery, OwnUserIdQuery, RankReason, UserQuestionParams, type Answer, type CalibrationBoard } from '@mzansi/api';
import type { Clients } from '../clients.js';
import type { PublicCache } from '../cache.js';
import type { Composer } from '../compose.js';
import type { NewestResults } from '../live/newest-results.js';
import { notFound, parse } from '../errors.js';
import { send, writeJson } from '../respond.js';
import { provinceBreakdown, translationsJson, visibleResults } from '../questions.js';
import { answerFigures } from '../answer-figures.js';
import { requireActor, requireSelf } from '../session.js';
import { profileChartRoutes } from './profile-charts.js';

export interface VotingDeps {
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
}

function answerJson(a: voting.Answer): Answer {
  return {
    id: a.id,
    userId: a.userId,
    questionId: a.questionId,
    optionId: a.optionId,
    confidence: a.confidence,
    submittedAt: a.submittedAt?.toISOString() ?? null,
  };
}

export async function questionOf(clients: Clients, id: string) {
  const { question } = await clients.questions.getQuestion({ id });
  return question!;
}

/** Voting's reason for no rank ("" when ranked), as the API carries it. */
function rankReason(s: voting.GetUserStatsResponse): RankReason | null {
  const parsed = RankReason.safeParse(s.rankReason);
  return parsed.success ? parsed.data : null;
}

/** POST /api/answers. */
export function answersRouter({ clients, newest }: { clients: Clients; newest: NewestResults }): Router {
  const figuresOf = answerFigures(newest);
  const r = Router();
  r.post('/', async (req, res) => {
    requireActor(res);
    const body = parse(AnswerBody, req.body, 'Please choose an option', 'chooseOption');
    const confidence = body.confidence === undefined ? undefined : parse(ConfidenceValue, body.confidence, CONFIDENCE.message, 'confidenceRange', { min: CONFIDENCE.min, max: CONFIDENCE.max });
    const actor = requireSelf(res, body.userId);
    const { answer, alreadyAnswered } = await clients.submitVote({ questionId: body.questionId, optionId: body.optionId, confidence }, { actor });
    // No cache.clear(): public results are at most PUBLIC_CACHE_MS (≤ 1 s) old by construction, and clearing on
    // every vote would turn every poll during a burst into a miss.
    writeJson(res, 'POST /api/answers', alreadyAnswered ? 200 : 201, { ...answerJson(answer!), results: figuresOf(answer!.questionId) });
  });
  return r;
}

/** Results routes under /api/questions/{id}/…. */
export function resultsRoutes(r: Router, { clients, composer }: VotingDeps): void {

  r.get('/:id/results', async (req, res) => {
    requireActor(res);
    const id = parse(IdParams, req.params).id;
    const { userId } = parse(OwnUserIdQuery, req.query);
    const actor = requireSelf(res, userId);
    const [question, counts, provinces, userAnswer, friendAnswers] = await Promise.all([
      questionOf(clients, id),
      composer.counts([id]),
      composer.provinceCounts([id]),
      clients.voting.getAnswer({ userId: actor.id, questionId: id }, { actor }).then(
        (x) => x.answer,
        (err) => {
          if (isGrpcError(err) && err.code === grpc.status.NOT_FOUND) return undefined;
          throw err;
        },
      ),
      friendAnswersOf(clients, composer, actor, id),
    ]);
    // A blind question's figures only for those who answered it (and admins) until it resolves.
    const { results, totalVotes, resultsHidden } = visibleResults(question, counts.get(id), !!userAnswer || actor.isAdmin);
    send(res, 'GET /api/questions/{id}/results', 200, {
      results,
      totalVotes,
      ...(question.isBlind && { isBlind: true as const, resultsHidden }),
      provinces: resultsHidden ? null : provinceBreakdown(question.options, provinces.get(id), totalVotes),
      friendAnswers: friendAnswers.map((f) => ({ friendId: f.userId, friendName: f.name, optionText: f.optionText })),
      userAnswer: userAnswer ? { optionId: userAnswer.optionId, confidence: userAnswer.confidence } : null,
    });
  });

  r.get('/:id/friend-answers', async (req, res) => {
    requireActor(res);
    const id = parse(IdParams, req.params).id;
    const { userId } = parse(OwnUserIdQuery, req.query);
    const actor = requireSelf(res, userId);
    send(res, 'GET /api/questions/{id}/friend-answers', 200, { friendAnswers: await friendAnswersOf(clients, composer, actor, id) });
  });

}

/** Only the caller's friends' answers, with names from the directory. */
async function friendAnswersOf(clients: Clients, composer: Composer, actor: { id: string; isAdmin: boolean }, questionId: string) {
  const friendIds = await composer.friendIds(actor);
  if (friendIds.length === 0) return [];
  const [{ answers }, question] = await Promise.all([
    clients.voting.getAnswersByUsers({ questionIds: [questionId], userIds: friendIds }, { actor }),
    questionOf(clients, questionId),
  ]);
  if (answers.length === 0) return [];
  const { users } = await clients.identity.getUsers({ ids: answers.map((a) => a.userId) });
  const byId = new Map(users.map((u) => [u.id, u]));
  return answers.flatMap((a) => {
    const u = byId.get(a.userId);
    if (!u) return [];
    const optionText = question.options.find((o) => o.id === a.optionId)?.text ?? a.optionId;
    return [{ userId: u.id, name: u.name, username: u.username, optionText }];
  });
}

/** /api/users/{id}/answers/{questionId}, /stats, /history. */
export function userVotingRoutes(r: Router, { clients }: VotingDeps): void {

  r.get('/:id/answers/:questionId', async (req, res) => {
    requireActor(res);
    const p = parse(UserQuestionParams, req.params);
    const actor = requireSelf(res, p.id, { adminMayRead: true });
    try {
      const { answer } = await clients.voting.getAnswer({ userId: p.id, questionId: p.questionId }, { actor });
      send(res, 'GET /api/users/{id}/answers/{questionId}', 200, answerJson(answer!));
    } catch (err) {
      if (isGrpcError(err) && err.code === grpc.status.NOT_FOUND) throw notFound('Not answered');
      throw err;
    }
  });

  r.get('/:id/stats', async (req, res) => {
    requireActor(res);
    const { id } = parse(IdParams, req.params);
    const actor = requireSelf(res, id, { adminMayRead: true });
    const s = await clients.voting.getUserStats({ userId: id }, { actor });
    send(res, 'GET /api/users/{id}/stats', 200, {
      totalAnswers: s.totalAnswers,
      accuracy: s.accuracy,
      nationalRank: s.nationalRank,
      streak: s.streak,
      // Accuracy and rank mean something only once an answer this month has resolved (a newcomer's are blank).
      resolvedThisMonth: s.resolvedThisMonth,
      rankReason: rankReason(s),
      stats: { nationalRank: s.nationalRank, accuracy: s.accuracy },
    });
  });

  // The profile's charts: calibration, accuracy by month (profile-charts.ts).
  profileChartRoutes(r, clients);

  r.get('/:id/history', async (req, res) => {
    requireActor(res);
    const { id } = parse(IdParams, req.params);
    const actor = requireSelf(res, id, { adminMayRead: true });
    const { items } = await clients.voting.getUserHistory({ userId: id, limit: 50 }, { actor });
    // The admin's translations of those questions (one call), so the profile shows them in the reader's language.
    const { questions } = items.length ? await clients.questions.getQuestions({ ids: items.map((i) => i.questionId) }, { actor }) : { questions: [] };
    const translations = new Map(questions.map((q) => [q.id, translationsJson(q)]));
    send(
      res,
      'GET /api/users/{id}/history',
      200,
      items.map((i) => {
        const own = translations.get(i.questionId);
        return {
          questionId: i.questionId,
          questionText: i.questionText,
          submittedAt: i.submittedAt?.toISOString() ?? null,
          selectedOption: i.optionText,
          selectedOptionId: i.optionId,
          isPending: i.isPending,
          isCorrect: i.isCorrect,
          confidence: i.confidence,
          ...(own && { translations: own }),
        };
      }),
    );
  });

}

/** GET /api/leaderboard?scope=national|friends — real standings for the current SAST month. */
export function leaderboardRouter({ clients, composer }: VotingDeps): Router {
  const r = Router();
  r.get('/', async (req, res) => {
    const actor = requireActor(res);
    const { scope } = parse(LeaderboardQuery, req.query);
    if (scope === 'calibration') {
      send(res, 'GET /api/leaderboard', 200, await calibrationBoardJson(clients, actor));
      return;
    }
    const friendIds = await composer.friendIds(actor);
    const [board, mine, friendsBoard] = await Promise.all([
      scope === 'national'
        ? clients.voting.getLeaderboard({ userIds: [], limit: 50 }, { actor })
        : clients.voting.getLeaderboard({ userIds: [actor.id, ...friendIds], limit: 0 }, { actor }),
      clients.voting.getUserStats({ userId: actor.id }, { actor }),
      scope === 'national' ? clients.voting.getLeaderboard({ userIds: [actor.id, ...friendIds], limit: 0 }, { actor }) : undefined,
    ]);
    const { users } = await clients.identity.getUsers({ ids: board.entries.map((e) => e.userId) });
    const byId = new Map(users.map((u) => [u.id, u]));
    const amongFriends = (friendsBoard ?? board).entries.find((e) => e.userId === actor.id)?.rank || null;
    send(res, 'GET /api/leaderboard', 200, {
      scope,
      monthStart: board.monthStart?.toISOString() ?? null,
      summary: { players: board.players, questionsResolved: board.questionsResolved, yourAccuracy: mine.accuracy },
      you: {
        userId: actor.id,
        nationalRank: mine.nationalRank || null,
        friendsRank: friendIds.length > 0 ? amongFriends : null,
        rankReason: rankReason(mine),
        accuracy: mine.accuracy,
        correct: mine.correctThisMonth,
        resolved: mine.resolvedThisMonth,
        totalAnswers: mine.totalAnswers,
        streak: mine.streak,
        listedNationally: (friendsBoard ?? board).viewerListed,
      },
      friendCount: friendIds.length,
      entries: board.entries.flatMap((e) => {
        const u = byId.get(e.userId);
        if (!u) return [];
        return [
          {
            // 0: unranked (nothing resolved this month).
            rank: e.rank || null,
            userId: e.userId,
            name: u.name,
            username: u.username,
            isAdmin: u.isAdmin,
            correct: e.correct,
            resolved: e.resolved,
            answered: e.answered,
            accuracy: e.accuracy,
            streak: e.streak,
          },
        ];
      }),
    });
  });
  return r;
}

/**
 * GET /api/leaderboard?scope=calibration: this SAST month's players with at least 3 resolved answers, by mean Brier
 * skill shrunk toward the crowd (services/voting/src/domain/calibration.ts; the web's "How scoring works" page).
 */
async function calibrationBoardJson(clients: Clients, actor: { id: string; isAdmin: boolean }): Promise<CalibrationBoard> {
  const board = await clients.voting.getCalibrationLeaderboard({ limit: 50 }, { actor });
  const { users } = await clients.identity.getUsers({ ids: board.entries.map((e) => e.userId) });
  const byId = new Map(users.map((u) => [u.id, u]));
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  const entry = (e: voting.CalibrationEntry) => ({
    rank: e.rank,
    userId: e.userId,
    resolved: e.resolved,
    correct: e.correct,
    meanSkill: round(e.meanSkill),
    score: round(e.score),
  });
  return {
    scope: 'calibration',
    monthStart: board.monthStart?.toISOString() ?? null,
    crowdSkill: round(board.crowdSkill),
    shrinkage: board.shrinkage,
    minResolved: board.minResolved,
    you: board.you ? entry(board.you) : null,
    entries: board.entries.flatMap((e) => {
      const u = byId.get(e.userId);
      return u ? [{ ...entry(e), name: u.name, username: u.username, isAdmin: u.isAdmin }] : [];
    }),
  };
}
