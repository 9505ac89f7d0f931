import type { Server } from '@grpc/grpc-js';
import { forbidden, invalid, isUuid, notFound, sastDate, sastMonthBounds, unaryService, type CallContext, type Clock } from '@mzansi/kit';
import { VotingServiceService, type VotingServiceServer } from '@mzansi/proto/voting/v1/voting';
import * as repo from '../../data-access/voting-repo.js';
import { figuresView, listedNationally, mayViewAnswer, onNationalBoard, type FiguresView } from '../../domain/privacy.js';
import { accuracy, monthKey, streak } from '../../domain/scoring.js';
import * as board from '../../domain/leaderboard.js';
import { boardSize, type Ranked } from '../../domain/leaderboard.js';
import { MIN_RESOLVED, SHRINKAGE } from '../../domain/calibration.js';
import { provinceResults, withPercentages } from '../../domain/results.js';
import { exportHandlers } from './export-handlers.js';
import { calibrationHandlers, requireSelfOrAdmin } from './calibration-handlers.js';
import { analyticsHandlers } from './analytics-handlers.js';
import { historyHandlers } from './history-handlers.js';
import { privacyHandlers, privacyMap } from './privacy-handlers.js';
import { answerHandlers, MESSAGES, toAnswer } from './answer-handlers.js';
import type { VotingContext } from '../../context.js';

export { CLOSED_AT, MESSAGES } from './answer-handlers.js';

type Ctx = VotingContext;

const MAX_IDS = 500;

function ids(list: string[]): string[] {
  if (list.length > MAX_IDS) throw invalid(`At most ${MAX_IDS} ids per call`);
  return [...new Set(list.filter(isUuid))];
}

/** Exactly these users (you and your friends), ranked among themselves (domain/leaderboard.ts `scopedBoard`). */
async function scopedBoard(ctx: Ctx, viewerId: string, month: string, userIds: string[]): Promise<Shown[]> {
  const [rows, privacy] = await Promise.all([repo.scoresOf(ctx.db, month, userIds), privacyMap(ctx, userIds)]);
  const view = (userId: string) => figuresView(viewerId, userId, privacy(userId));
  return board.scopedBoard(rows, userIds, view).map((r) => ({ ...r, view: view(r.userId) as Exclude<FiguresView, 'none'> }));
}

/** The national top `limit`: the listed players and the viewer, with national ranks (voting-repo.ts `listedTopScores`). */
async function nationalBoard(ctx: Ctx, viewerId: string, month: string, limit: number): Promise<Shown[]> {
  const rows = await repo.listedTopScores(ctx.db, month, viewerId, limit);
  const privacy = await privacyMap(ctx, rows.map((r) => r.userId));
  return rows.flatMap((r) => {
    const owner = privacy(r.userId);
    const view = figuresView(viewerId, r.userId, owner);
    // The SQL already narrowed to these; the domain rule has the last word.
    return view === 'none' || !onNationalBoard(viewerId, r, owner) ? [] : [{ ...board.seenScore(r, view), view }];
  });
}

type Shown = Ranked & { view: Exclude<FiguresView, 'none'> };

/** Each shown player's streak, counting only days with an answer to a resolved question where `view` says so. */
async function streaksOf(ctx: Ctx, rows: Shown[], today: string): Promise<(r: Shown) => number> {
  const ids = (view: Shown['view']) => rows.filter((r) => r.view === view).map((r) => r.userId);
  const [all, resolvedOnly] = await Promise.all([repo.answerDays(ctx.db, ids('all'), today), repo.answerDays(ctx.db, ids('resolvedOnly'), today, 400, true)]);
  return (r) => streak((r.view === 'all' ? all : resolvedOnly).get(r.userId) ?? [], today);
}

/** `onAnswered` learns, after each write commits, which questions got answers (the live results publisher). */
export function registerVotingService(ctx: Ctx, server: Server, clock: Clock, shards: number, onAnswered?: (questionIds: Set<string>) => void) {
  server.addService(
    VotingServiceService,
    unaryService<VotingServiceServer>(
      VotingServiceService,
      {
        // Answers, one or many voters' to a call (answer-handlers.ts).
        ...answerHandlers(ctx, clock, shards, onAnswered),

        async getAnswer(req, call) {
          requireSelfOrAdmin(call, req.userId);
          const row = isUuid(req.questionId) && isUuid(req.userId) ? await repo.findAnswer(ctx.db, req.userId, req.questionId) : undefined;
          if (!row) throw notFound(MESSAGES.notAnswered);
          return { answer: toAnswer(row) };
        },

        async getResults(req) {
          const questionIds = ids(req.questionIds);
          const rows = await repo.countsFor(ctx.db, questionIds);
          const byQuestion = new Map<string, { optionId: string; count: number }[]>();
          for (const r of rows) {
            const list = byQuestion.get(r.questionId) ?? [];
            list.push({ optionId: r.optionId, count: r.count });
            byQuestion.set(r.questionId, list);
          }
          return {
            results: [...byQuestion].map(([questionId, counts]) => ({ questionId, counts: withPercentages(counts), total: counts.reduce((n, c) => n + c.count, 0) })),
          };
        },

        async getProvinceResults(req) {
          const questionIds = ids(req.questionIds);
          // The national totals are read with the province counts: only provinces that may be shown leave voting.
          const [national, rows] = await Promise.all([repo.countsFor(ctx.db, questionIds), repo.provinceCountsFor(ctx.db, questionIds)]);
          return { results: provinceResults(national, rows) };
        },

        async getAnswersByUsers(req, call) {
          const viewer = call.requireActor();
          const rows = await repo.answersByUsers(ctx.db, ids(req.questionIds), ids(req.userIds));
          // Filtered here, at the source: no caller can show an answer its owner keeps from friends.
          const privacy = await privacyMap(ctx, rows.map((r) => r.userId));
          return { answers: rows.filter((r) => mayViewAnswer(viewer.id, r, privacy(r.userId))).map(toAnswer) };
        },

        async getDisclosedAnswers(req) {
          // No privacy filter: these people chose, comment by comment, to show this answer (the caller vouches).
          if (!isUuid(req.questionId)) return { answers: [] };
          return { answers: (await repo.answersByUsers(ctx.db, [req.questionId], ids(req.userIds))).map(toAnswer) };
        },

        async getUserStats(req, call) {
          requireSelfOrAdmin(call, req.userId);
          const now = clock();
          const month = monthKey(now);
          const [total, score, days] = await Promise.all([
            repo.totalAnswers(ctx.db, req.userId),
            repo.monthScore(ctx.db, month, req.userId),
            repo.answerDays(ctx.db, [req.userId], sastDate(now)),
          ]);
          // domain/leaderboard.ts `rankOf`: 1 + those with more correct, once something of theirs has resolved.
          const better = score && board.isRanked(score) ? (await repo.nationalRank(ctx.db, month, score.correct)) - 1 : 0;
          return {
            totalAnswers: total,
            accuracy: accuracy(score?.correct ?? 0, score?.resolved ?? 0),
            nationalRank: board.rankOf(score, better) ?? 0,
            rankReason: board.unrankedReason(score) ?? '',
            streak: streak(days.get(req.userId) ?? [], sastDate(now)),
            correctThisMonth: score?.correct ?? 0,
            resolvedThisMonth: score?.resolved ?? 0,
          };
        },

        async getUserHistory(req, call) {
          requireSelfOrAdmin(call, req.userId);
          const limit = Math.min(Math.max(req.limit || 20, 1), 100);
          const rows = await repo.history(ctx.db, req.userId, limit);
          return {
            items: rows.map((r) => ({
              questionId: r.questionId,
              questionText: r.text,
              submittedAt: r.submittedAt,
              optionId: r.optionId,
              optionText: r.options.find((o) => o.id === r.optionId)?.text ?? r.optionId,
              isPending: !r.isResolved,
              isCorrect: r.isResolved && r.correctOptionId === r.optionId,
              confidence: r.confidence,
            })),
          };
        },

        async getLeaderboard(req, call) {
          const viewer = call.requireActor();
          const now = clock();
          const month = monthKey(now);
          const bounds = sastMonthBounds(now);
          const limit = boardSize(req.limit);
          const scoped = req.userIds.length > 0;
          const [entries, players, questionsResolved, own] = await Promise.all([
            scoped ? scopedBoard(ctx, viewer.id, month, ids(req.userIds)) : nationalBoard(ctx, viewer.id, month, limit),
            repo.playersThisMonth(ctx.db, month),
            repo.resolvedBetween(ctx.db, bounds.start, bounds.end),
            isUuid(viewer.id) ? privacyMap(ctx, [viewer.id]) : undefined,
          ]);
          const streakOf = await streaksOf(ctx, entries, sastDate(now));
          return {
            entries: entries.map((r) => ({
              userId: r.userId,
              rank: r.rank ?? 0,
              correct: r.correct,
              resolved: r.resolved,
              answered: r.answered,
              accuracy: accuracy(r.correct, r.resolved),
              streak: streakOf(r),
            })),
            players,
            questionsResolved,
            monthStart: bounds.start,
            viewerListed: own ? listedNationally(own(viewer.id)) : false,
          };
        },

        async getCalibrationLeaderboard(req, call) {
          const viewer = call.requireActor();
          const now = clock();
          const month = monthKey(now);
          const limit = boardSize(req.limit);
          const opts = { k: SHRINKAGE, minResolved: MIN_RESOLVED };
          // Ranks count everyone; only listed players (and the viewer) are named, the rest leave a gap. Every figure
          // here counts resolved questions only, so hideUntilResolved needs nothing more.
          const [board, mine] = await Promise.all([
            repo.calibrationBoard(ctx.db, month, { ...opts, limit, listedFor: viewer.id }),
            repo.calibrationBoard(ctx.db, month, { ...opts, limit: 1, userId: viewer.id }),
          ]);
          const privacy = await privacyMap(ctx, board.rows.map((r) => r.userId));
          const entry = (r: repo.CalibrationRow) => ({
            userId: r.userId,
            rank: r.rank,
            resolved: r.resolved,
            correct: r.correct,
            meanSkill: r.skillSum / r.resolved,
            score: r.score,
          });
          const you = mine.rows[0];
          return {
            entries: board.rows.filter((r) => onNationalBoard(viewer.id, r, privacy(r.userId))).slice(0, limit).map(entry),
            crowdSkill: board.crowd,
            shrinkage: SHRINKAGE,
            minResolved: MIN_RESOLVED,
            monthStart: sastMonthBounds(now).start,
            you: you ? entry(you) : undefined,
          };
        },

        // The player's calibration chart and accuracy by month (calibration-handlers.ts).
        ...calibrationHandlers(ctx, clock),

        ...privacyHandlers(ctx, clock),
        // Download my data (export-handlers.ts).
        ...exportHandlers(ctx, clock),
        // How the nation moved (history-handlers.ts).
        ...historyHandlers(ctx, clock),

        async countAnswers(req, call) {
          if (!call.requireActor().isAdmin) throw forbidden('Admin access required');
          if (!req.since) throw invalid('since is required');
          return { count: await repo.countAnswersSince(ctx.db, req.since) };
        },

        // How the day went (analytics-handlers.ts).
        ...analyticsHandlers(ctx, clock),
      },
      ctx.serverDeps,
    ),
  );
}
