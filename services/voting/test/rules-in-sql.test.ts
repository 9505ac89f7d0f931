import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool, runMigrations } from '@mzansi/kit';
import { createTestDatabase, manualClock } from '@mzansi/kit/testing';
import { AnswerWriter } from '../src/data-access/answer-writer.js';
import * as schema from '../src/data-access/schema.js';
import { listedTopScores, topScores } from '../src/data-access/voting-repo.js';
import { isOneOfTheOptions } from '../src/domain/answers.js';
import { byScore, rankOf as domainRankOf } from '../src/domain/leaderboard.js';
import { competitionRanks, isOpen } from '../src/domain/scoring.js';
import { onNationalBoard, privacyOrDefault } from '../src/domain/privacy.js';

/**
 * Where SQL repeats a domain rule for atomicity or for a LIMIT, the two must agree: the answer write statement's
 * "is the question open" and "is it one of the options" (data-access/answer-writer.ts) against domain/scoring.ts
 * `isOpen` and domain/answers.ts `isOneOfTheOptions`, `topScores`'s order against domain/leaderboard.ts `byScore`, and
 * `listedTopScores`'s choice and ranks against domain/privacy.ts `onNationalBoard` and national competition ranks.
 * Runs the data-access code on a migrated database of its own; no service, no NATS.
 */

const database = await createTestDatabase('voting_rules');
const pool = createPool(database.url, 4);
const db = createDb(pool, schema);

beforeAll(async () => {
  await runMigrations(pool, fileURLToPath(new URL('../drizzle', import.meta.url)), 'voting');
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const now = new Date('2026-03-10T10:00:00.000Z');
const answerTo = (questionId: string, optionId = 'yes', submittedAt = now) => {
  const id = randomUUID();
  return { id, userId: randomUUID(), questionId, optionId, confidence: 75, submittedAt, sastDay: '2026-03-10', month: '2026-03-01' };
};

describe('the answer write statement applies the domain’s acceptance rules', () => {
  const writer = new AnswerWriter(pool, { shards: 2 });

  it('writes an answer exactly when isOpen says the question is open', async () => {
    const cases = [];
    for (const publishedAt of [null, new Date('2026-03-01T08:00:00Z')])
      for (const isResolved of [false, true])
        for (const isArchived of [false, true]) {
          const questionId = randomUUID();
          await db.insert(schema.questionState).values({ questionId, text: 'Q', options: [{ id: 'yes', text: 'Yes' }], publishedAt, isResolved, isArchived });
          cases.push({ state: { publishedAt, isResolved, isArchived, closesAt: null }, questionId });
        }
    const written = await Promise.all(cases.map((c) => writer.record(answerTo(c.questionId))));
    expect(written).toEqual(cases.map((c) => isOpen(c.state, now)));
    expect(written.filter(Boolean)).toHaveLength(1);
  });

  it('writes an answer exactly when isOpen says so at instants before, at and after the close time, on one clock', async () => {
    // The handler's clock gives the write its time (the statement's parameter) and the domain its `now`: one clock.
    const closesAt = new Date('2026-03-10T16:00:00.000Z');
    const clock = manualClock(closesAt);
    const instants = [-3_600_000, -1000, -1, 0, 1, 1000, 3_600_000];
    const states = [
      { publishedAt: now, isResolved: false, isArchived: false, closesAt },
      { publishedAt: now, isResolved: false, isArchived: false, closesAt: null },
      { publishedAt: now, isResolved: true, isArchived: false, closesAt },
      { publishedAt: null, isResolved: false, isArchived: false, closesAt },
    ];
    const seen: { sql: boolean; domain: boolean }[] = [];
    for (const state of states) {
      const questionId = randomUUID();
      await db.insert(schema.questionState).values({ questionId, text: 'Q', options: [{ id: 'yes', text: 'Yes' }], ...state });
      for (const delta of instants) {
        clock.set(closesAt.getTime() + delta);
        const sql = await writer.record(answerTo(questionId, 'yes', clock.now()));
        seen.push({ sql, domain: isOpen(state, clock.now()) });
      }
    }
    expect(seen.map((s) => s.sql)).toEqual(seen.map((s) => s.domain));
    // The close itself: written up to the millisecond before it, refused at it and after it.
    expect(seen.slice(0, instants.length).map((s) => s.sql)).toEqual([true, true, true, false, false, false, false]);
    expect(seen.slice(instants.length, 2 * instants.length).every((s) => s.sql)).toBe(true);
  });

  it('writes an answer exactly when isOneOfTheOptions says the option is the question’s', async () => {
    const questionId = randomUUID();
    const options = [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ];
    await db.insert(schema.questionState).values({ questionId, text: 'Q', options, publishedAt: now });
    const tried = ['yes', 'no', 'Yes', 'maybe', 'yes ', '"yes"'];
    const written = await Promise.all(tried.map((optionId) => writer.record(answerTo(questionId, optionId))));
    expect(written).toEqual(tried.map((optionId) => isOneOfTheOptions({ publishedAt: now, isResolved: false, isArchived: false, closesAt: null, options }, optionId)));
  });

  it('counts each written answer once, and queues no event for it (nothing consumes one)', async () => {
    const questionId = randomUUID();
    await db.insert(schema.questionState).values({ questionId, text: 'Q', options: [{ id: 'yes', text: 'Yes' }], publishedAt: now });
    const a = answerTo(questionId);
    // The same user again, in the same batch: one of the two is written, not both.
    const written = await Promise.all([writer.record(a), writer.record({ ...a, id: randomUUID() })]);
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await database.query('SELECT sum(count)::int AS n FROM option_counts WHERE question_id = $1', [questionId])).toEqual([{ n: 1 }]);
    expect(await database.query('SELECT count(*)::int AS n FROM outbox')).toEqual([{ n: 0 }]);
  });
});

describe('topScores reads the board in byScore order', () => {
  it('agrees with byScore on ties of correct and of resolved', async () => {
    const month = '2026-04-01';
    const rows = Array.from({ length: 40 }, (_, i) => ({ month, userId: randomUUID(), answered: 10, resolved: 3 + (i % 3), correct: i % 4 }));
    await db.insert(schema.monthScores).values(rows);
    const read = await topScores(db, month, 40);
    const expected = [...rows].sort(byScore).map((r) => r.userId);
    expect(read.map((r) => r.userId)).toEqual(expected);
    expect((await topScores(db, month, 7)).map((r) => r.userId)).toEqual(expected.slice(0, 7));
  });
});

describe('listedTopScores reads whom onNationalBoard allows, in byScore order, with national ranks', () => {
  it('agrees on every combination of the privacy settings, with and without a row, for the viewer and others', async () => {
    const month = '2026-05-01';
    // Some with nothing resolved yet (a row from open answers only).
    const rows = Array.from({ length: 48 }, (_, i) => ({ month, userId: randomUUID(), answered: 9, resolved: i % 7 === 3 ? 0 : 2 + (i % 3), correct: i % 7 === 3 ? 0 : i % 5 }));
    await db.insert(schema.monthScores).values(rows);
    // Every combination of (visibility, hideUntilResolved, listed) on 8 players each; a sixth of them never chose.
    const settings = rows.map((r, i) =>
      i % 6 === 5
        ? undefined
        : { userId: r.userId, answerVisibility: (i % 2 ? 'nobody' : 'friends') as 'nobody' | 'friends', hideUntilResolved: i % 3 === 0, listOnNationalBoard: i % 4 < 2, updatedAt: now },
    );
    await db.insert(schema.answerPrivacy).values(settings.filter((x) => x !== undefined));
    const sorted = [...rows].sort(byScore);
    // The one definition of rank (domain/leaderboard.ts `rankOf`): 1 + those with more correct; none before anything resolved.
    const ranks = competitionRanks(sorted.map((r) => r.correct));
    const rankOf = new Map(sorted.map((r, i) => [r.userId, domainRankOf(r, rows.filter((o) => o.correct > r.correct).length)]));
    expect(sorted.map((r, i) => rankOf.get(r.userId) ?? ranks[i])).toEqual(ranks);
    expect([...rankOf.values()].filter((r) => r === null).length).toBeGreaterThan(3);
    for (const viewer of [sorted[0]!.userId, sorted[7]!.userId, sorted[30]!.userId, randomUUID()]) {
      const expected = sorted
        .filter((r) => onNationalBoard(viewer, r, privacyOrDefault(settings[rows.indexOf(r)])))
        .map((r) => ({ userId: r.userId, answered: r.answered, resolved: r.resolved, correct: r.correct, rank: rankOf.get(r.userId) }));
      expect(expected.length).toBeGreaterThan(5);
      expect(await listedTopScores(db, month, viewer, 100)).toEqual(expected);
      expect(await listedTopScores(db, month, viewer, 5)).toEqual(expected.slice(0, 5));
    }
  });
});
