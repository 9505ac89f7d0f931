import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, expectGrpcError, indexPlanOf, manualClock } from '@mzansi/kit/testing';
import { ANSWERS_BY_HOUR, ROLLED_DAYS, TODAYS_PLAYERS } from '../src/data-access/analytics-repo.js';
import { rollUpClosedDays, ROLL_UP_DAY } from '../src/data-access/analytics-rollup.js';
import { PREPARING } from '../src/entry-points/grpc/analytics-handlers.js';
import { admin, idOf, user, votingHarness, type Harness, type TestQuestion } from './helpers.js';

/**
 * GetAnswerAnalytics against real PostgreSQL, on an injected clock: every answer below is given at a known instant
 * through SubmitAnswer, and the figures must be exactly what they make. The range is 1–15 May 2026 (SAST), today the
 * 15th. SAST is UTC+2: 21:30Z is 23:30 SAST the same day, 22:30Z is 00:30 SAST the next day.
 */
let h: Harness;
const clock = manualClock('2026-04-20T08:00:00.000Z');
const boss = admin();
let before: TestQuestion;
const open: TestQuestion[] = [];
let lateQuestion: TestQuestion;

type U = ReturnType<typeof user>;
const answerAt = async (u: U, at: string, q: TestQuestion, option = 'yes') => {
  clock.set(at);
  await h.answer(u, q.id, option);
};

// The cast: an old player (answered before the range), three newcomers of 3 May (B, C) and 4 May (D).
const A = user();
const B = user();
const C = user();
const D = user();
// Players with a province, all new on 14 May: 31 in Gauteng, 30 in KwaZulu-Natal, 5 in the Western Cape.
const provinceUsers = [...Array.from({ length: 31 }, () => ['GP', user()] as const), ...Array.from({ length: 30 }, () => ['KZN', user()] as const), ...Array.from({ length: 5 }, () => ['WC', user()] as const)];

beforeAll(async () => {
  // The roll-up job off, and a read's budget for rolling up 0 (one day per read): this file says when days are rolled up.
  h = await votingHarness({ clock: clock.now, env: { ANALYTICS_ROLLUP_INTERVAL_MS: '0', ANALYTICS_READ_ROLLUP_MS: '0' } });
  before = await h.createPublished({ text: 'Published before the range' }); // 20 April
  clock.set('2026-04-30T22:30:00.000Z'); // 00:30 SAST, 1 May: inside the range
  for (let i = 0; i < 4; i++) open.push(await h.createPublished({ text: `Range question ${i}` }));
  for (const [province, u] of provinceUsers) await h.sql('INSERT INTO user_province (user_id, province) VALUES ($1, $2)', [idOf(u), province]);

  await answerAt(A, '2026-04-25T10:00:00.000Z', before); // before the range
  await answerAt(A, '2026-05-03T07:30:00.000Z', open[0]!); // 09:30 SAST, 3 May: returning
  await answerAt(B, '2026-05-03T07:45:00.000Z', open[0]!); // 09:45 SAST, 3 May: new
  await answerAt(C, '2026-05-03T21:30:00.000Z', open[0]!); // 23:30 SAST, 3 May: new
  await answerAt(D, '2026-05-03T22:30:00.000Z', open[0]!); // 00:30 SAST, 4 May: new on the 4th
  await answerAt(B, '2026-05-04T06:00:00.000Z', open[1]!); // B is back the next day (day 1)
  await answerAt(C, '2026-05-10T12:00:00.000Z', open[1]!); // C is back on the 7th day after (day 7)
  await answerAt(B, '2026-05-11T12:00:00.000Z', open[2]!); // B on the 8th day after: neither

  // 14 May, 10:00 SAST: the 66 province players answer the first question.
  clock.set('2026-05-14T08:00:00.000Z');
  await Promise.all(provinceUsers.map(([, u]) => h.answer(u, open[0]!.id, 'no')));
  // Today, 15 May, 09:10 SAST: three of them are back (day 1, so far), on a question published today.
  clock.set('2026-05-15T07:00:00.000Z');
  lateQuestion = await h.createPublished({ text: 'Published today' });
  for (const [, u] of provinceUsers.slice(0, 3)) await answerAt(u, '2026-05-15T07:10:00.000Z', lateQuestion);
  clock.set('2026-05-15T12:00:00.000Z');
  // The job's work: every closed day rolled up.
  expect((await rollUpClosedDays(h.voting.ctx.pool, clock.now())).rolled).toHaveLength(38);
}, 120_000);

afterAll(async () => {
  await h?.cleanup();
});

describe('GetAnswerAnalytics', () => {
  it('counts answers per SAST hour: an answer at 21:30Z is 23:00 on its day, one at 22:30Z 00:00 on the next', async () => {
    const a = await h.v.getAnswerAnalytics({ today: '', days: 15 }, boss);
    expect(a.firstDay).toBe('2026-05-01');
    expect(a.today).toBe('2026-05-15');
    expect(a.hours).toEqual([
      { day: '2026-05-03', hour: 9, answers: 2 },
      { day: '2026-05-03', hour: 23, answers: 1 },
      { day: '2026-05-04', hour: 0, answers: 1 },
      { day: '2026-05-04', hour: 8, answers: 1 },
      { day: '2026-05-10', hour: 14, answers: 1 },
      { day: '2026-05-11', hour: 14, answers: 1 },
      { day: '2026-05-14', hour: 10, answers: 66 },
      { day: '2026-05-15', hour: 9, answers: 3 },
    ]);
  });

  it('every day of the range: players, new (first answer ever) and returning, and each cohort’s day-1 and day-7 returns', async () => {
    const { days } = await h.v.getAnswerAnalytics({ today: '', days: 15 }, boss);
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 15 }, (_, i) => `2026-05-${String(i + 1).padStart(2, '0')}`));
    const byDay = new Map(days.map((d) => [d.day, d]));
    const zero = { active: 0, newPlayers: 0, returningPlayers: 0, backDay1: 0, backDay7: 0 };
    // 3 May: A (returning: answered in April), B and C new; of B and C, B came back on the 4th, C on the 10th.
    expect(byDay.get('2026-05-03')).toEqual({ day: '2026-05-03', active: 3, newPlayers: 2, returningPlayers: 1, backDay1: 1, backDay7: 1 });
    // 4 May: D new (00:30 SAST), B returning.
    expect(byDay.get('2026-05-04')).toEqual({ day: '2026-05-04', active: 2, newPlayers: 1, returningPlayers: 1, backDay1: 0, backDay7: 0 });
    expect(byDay.get('2026-05-10')).toEqual({ day: '2026-05-10', ...zero, active: 1, returningPlayers: 1 });
    expect(byDay.get('2026-05-11')).toEqual({ day: '2026-05-11', ...zero, active: 1, returningPlayers: 1 });
    // 14 May: 66 new, 3 of them back today (so far).
    expect(byDay.get('2026-05-14')).toEqual({ day: '2026-05-14', active: 66, newPlayers: 66, returningPlayers: 0, backDay1: 3, backDay7: 0 });
    expect(byDay.get('2026-05-15')).toEqual({ day: '2026-05-15', ...zero, active: 3, returningPlayers: 3 });
    for (const d of ['2026-05-01', '2026-05-02', '2026-05-05', '2026-05-09', '2026-05-12', '2026-05-13']) expect(byDay.get(d)).toEqual({ day: d, ...zero });
  });

  it('a shorter range: a player whose first answer is before it is returning, not new', async () => {
    const { days, firstDay } = await h.v.getAnswerAnalytics({ today: '2026-05-11', days: 8 }, boss);
    expect(firstDay).toBe('2026-05-04');
    // B answered on the 3rd, before this range: on the 4th B returns, and only D is new.
    expect(days[0]).toEqual({ day: '2026-05-04', active: 2, newPlayers: 1, returningPlayers: 1, backDay1: 0, backDay7: 0 });
    expect(days.reduce((n, d) => n + d.newPlayers, 0)).toBe(1);
  });

  it('province participation of the questions published in the range, with small-cell suppression', async () => {
    const a = await h.v.getAnswerAnalytics({ today: '', days: 15 }, boss);
    // National: every answer to the five range questions (not the April one): 7 without a province + 66 + 3 today.
    expect(a.provinceNational).toBe(76);
    // WC (5) is under 30; national minus GP (34) and KZN (30) would be 12, under 30: KZN, the smaller, is hidden too.
    expect(a.provinces).toEqual([{ province: 'GP', answers: 31 + 3 }]);
    // Today alone (the question published today, 3 answers from GP): nothing below the nation.
    const today = await h.v.getAnswerAnalytics({ today: '', days: 1 }, boss);
    expect(today.provinceNational).toBe(3);
    expect(today.provinces).toEqual([]);
  });

  it('the questions published in the range with the most answers', async () => {
    const a = await h.v.getAnswerAnalytics({ today: '', days: 15 }, boss);
    expect(a.topQuestions.map((q) => [q.questionId, q.text, q.answers])).toEqual([
      [open[0]!.id, 'Range question 0', 70],
      [open[1]!.id, 'Range question 1', 2],
      [lateQuestion.id, 'Published today', 3],
      [open[2]!.id, 'Range question 2', 1],
      [open[3]!.id, 'Range question 3', 0],
    ].sort((x, y) => (y[2] as number) - (x[2] as number)));
    expect(a.topQuestions[0]!.publishedAt).toEqual(new Date('2026-04-30T22:30:00.000Z'));
  });

  it('is for admins only, and refuses a bad range before reading anything', async () => {
    await expectGrpcError(h.v.getAnswerAnalytics({ today: '', days: 15 }, user()), status.PERMISSION_DENIED);
    await expectGrpcError(h.v.getAnswerAnalytics({ today: '2026-02-30', days: 15 }, boss), status.INVALID_ARGUMENT, /today/);
    await expectGrpcError(h.v.getAnswerAnalytics({ today: '15 May', days: 15 }, boss), status.INVALID_ARGUMENT, /today/);
    await expectGrpcError(h.v.getAnswerAnalytics({ today: '', days: 32 }, boss), status.INVALID_ARGUMENT, /days/);
    await expectGrpcError(h.v.getAnswerAnalytics({ today: '', days: -1 }, boss), status.INVALID_ARGUMENT, /days/);
    // 0 means the default, 15 days.
    expect((await h.v.getAnswerAnalytics({ today: '', days: 0 }, boss)).days).toHaveLength(15);
  });

  it('closed days are rolled up once, in order; a later read changes none of them', async () => {
    const rolled = async () => h.sql<{ day: string; rolled_at: Date; players: number; new_players: number; back_day1: number | null; back_day7: number | null }>(
      'SELECT day::text AS day, rolled_at, players, new_players, back_day1, back_day7 FROM answer_days ORDER BY day',
    );
    const before = await rolled();
    // From 38 days before the first roll-up's today (the oldest range and its cohorts' day-7 returns) to yesterday.
    expect(before[0]!.day).toBe('2026-04-07');
    expect(before.at(-1)!.day).toBe('2026-05-14');
    expect(before).toHaveLength(38);
    expect(before.find((d) => d.day === '2026-05-03')).toMatchObject({ players: 3, new_players: 2, back_day1: 1, back_day7: 1 });
    // 14 May's new players' day 1 is today: not rolled up yet (read live).
    expect(before.find((d) => d.day === '2026-05-14')).toMatchObject({ players: 66, new_players: 66, back_day1: null, back_day7: null });
    await h.v.getAnswerAnalytics({ today: '', days: 15 }, boss);
    expect(await rolled()).toEqual(before);
    const firsts = await h.sql<{ first_day: string }>('SELECT first_day::text AS first_day FROM player_first_days WHERE user_id = ANY($1::uuid[]) ORDER BY first_day', [[A, B, C, D].map(idOf)]);
    expect(firsts.map((f) => f.first_day)).toEqual(['2026-04-25', '2026-05-03', '2026-05-03', '2026-05-04']);
  });

  it('reads answers only through the time index (EXPLAIN), and only today’s or one closed day’s', async () => {
    const today = [new Date('2026-05-14T22:00:00Z'), new Date('2026-05-15T22:00:00Z')];
    for (const [q, params] of [
      [ANSWERS_BY_HOUR, today],
      [TODAYS_PLAYERS, [...today, '2026-05-15']],
      [ROLL_UP_DAY, ['2026-05-14', new Date('2026-05-13T22:00:00Z'), today[0], new Date()]],
    ] as const) {
      const plan = await indexPlanOf(h.voting.ctx.pool, q, [...params]);
      expect(plan).toContain('answers_submitted_idx');
      expect(plan).not.toContain('"Seq Scan"');
    }
    expect(await indexPlanOf(h.voting.ctx.pool, ROLLED_DAYS, ['2026-05-01', '2026-05-15'])).toContain('answer_days_pkey');
  });

  it('a read rolls up closed days itself within its budget; past it (here: after one) it says the figures are being prepared', async () => {
    clock.set('2026-05-18T08:00:00.000Z'); // 15, 16 and 17 May have closed
    await expectGrpcError(h.v.getAnswerAnalytics({ today: '', days: 15 }, boss), status.UNAVAILABLE, PREPARING); // rolled 15 May
    await expectGrpcError(h.v.getAnswerAnalytics({ today: '', days: 15 }, boss), status.UNAVAILABLE); // rolled 16 May
    const a = await h.v.getAnswerAnalytics({ today: '', days: 15 }, boss); // rolls 17 May: none left
    expect(a.today).toBe('2026-05-18');
    // 15 May, read live before, now from its roll-up: the same; and 14 May's day-1 return (on the 15th) is final.
    expect(a.days.find((d) => d.day === '2026-05-15')).toEqual({ day: '2026-05-15', active: 3, newPlayers: 0, returningPlayers: 3, backDay1: 0, backDay7: 0 });
    expect(a.days.find((d) => d.day === '2026-05-14')).toMatchObject({ newPlayers: 66, backDay1: 3 });
    clock.set('2026-05-15T12:00:00.000Z');
  });

  it('an erased player’s first day goes with the account; the rolled-up counts stay', async () => {
    const before = await h.sql('SELECT * FROM answer_days ORDER BY day');
    await h.publish('identity.user.deleted', { userId: idOf(D), deletedAt: clock.now() });
    await eventually(async () => (await h.sql('SELECT 1 FROM player_first_days WHERE user_id = $1', [idOf(D)])).length === 0, 10_000, 25);
    expect(await h.sql('SELECT * FROM answer_days ORDER BY day')).toEqual(before);
  });
});
