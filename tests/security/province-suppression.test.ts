// Small cells: no figure below the nation reveals one person's answer. An attacker polls the public list (and a
// signed-in results panel) once a second while one person from a small province votes: a province under 30 answers
// never shows a number (not even its total), and national minus the provinces shown is always 0 or at least 30
// answers, so the vote falls among at least 30 others. Also: one hidden province (national minus the others would be
// its split), answers without a province, and a province changed after answering (the answer stays where it was).
//
// The background crowds (tens of voters per province) are written straight into voting's counters, as its answer
// statement writes them, so that the test does not sign up a hundred people; the watched voters are real users.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVINCE_CODES } from '@mzansi/kit/provinces';
import { eventually } from '@mzansi/kit/testing';
import { startSystem, type SecUser, type System } from './system.js';

let sys: System;

interface Province {
  code: string;
  totalVotes: number | null;
  shown: boolean;
  results: { optionId: string; votes: number }[];
}
interface Reading {
  totalVotes: number;
  results: { optionId: string; votes: number }[];
  provinces: Province[];
}

/** A crowd of answers per province (undefined: no province) and option. */
type Crowd = { province?: string; yes: number; no: number }[];

beforeAll(async () => {
  sys = await startSystem();
});

afterAll(async () => {
  await sys?.stop();
});

/** Adds a crowd's answers to voting's counters (national shards and province counts). */
async function seed(questionId: string, crowd: Crowd) {
  for (const { province, yes, no } of crowd) {
    for (const [optionId, n] of [['yes', yes], ['no', no]] as const) {
      if (n === 0) continue;
      await sys.services.votingSql(
        `INSERT INTO option_counts (question_id, option_id, shard, count) VALUES ($1, $2, 0, $3)
         ON CONFLICT (question_id, option_id, shard) DO UPDATE SET count = option_counts.count + EXCLUDED.count`,
        [questionId, optionId, n],
      );
      if (province) {
        await sys.services.votingSql(
          `INSERT INTO province_counts (question_id, province, option_id, count) VALUES ($1, $2, $3, $4)
           ON CONFLICT (question_id, province, option_id) DO UPDATE SET count = province_counts.count + EXCLUDED.count`,
          [questionId, province, optionId, n],
        );
      }
    }
  }
}

/** A signed-up user with a province, once voting counts their answers in it. */
async function userIn(province: string | null, stem: string): Promise<SecUser> {
  const u = await sys.user(stem);
  if (province) await setProvince(u, province);
  return u;
}

async function setProvince(u: SecUser, province: string) {
  const res = await u.b.patch(`/api/users/${u.id}`, { province });
  expect(res.status, res.text).toBe(200);
  await eventually(async () => (await sys.services.votingSql('SELECT province FROM user_province WHERE user_id = $1', [u.id]))[0]?.province === province, 20_000);
}

async function answer(u: SecUser, questionId: string, optionId: string) {
  const res = await u.b.post('/api/answers', { userId: u.id, questionId, optionId });
  expect(res.status, res.text).toBe(201);
  return res.json as { results: Reading | null };
}

/** What anyone reads: the question in the public list (national figures and provinces). */
async function publicReading(questionId: string): Promise<Reading> {
  const res = await sys.browser().get('/api/questions/public');
  expect(res.status, res.text).toBe(200);
  const q = (res.json as (Reading & { id: string })[]).find((x) => x.id === questionId);
  expect(q, 'the question is in the public list').toBeDefined();
  return q!;
}

/** What the public read API answers for the question (/api/public/v1/questions/{id}). */
async function apiReading(questionId: string): Promise<Reading> {
  const res = await sys.browser().get(`/api/public/v1/questions/${questionId}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Reading;
}

/** What a signed-in reader's results panel reads. */
async function panelReading(reader: SecUser, questionId: string): Promise<Reading> {
  const res = await reader.b.get(`/api/questions/${questionId}/results`);
  expect(res.status, res.text).toBe(200);
  return res.json as Reading;
}

/**
 * The rule on one reading: a hidden province carries no number at all, a shown one at least 30 answers and never
 * one of `small` (provinces with fewer than 30 answers in truth), and national minus the shown provinces is 0 or at
 * least 30 once any is shown. Returns the shown provinces' figures, to compare readings.
 */
function checkReading(r: Reading, small: string[]): string {
  expect(r.provinces).toHaveLength(9);
  let shownSum = 0;
  for (const p of r.provinces) {
    if (!p.shown) {
      expect(p, `${p.code} withheld`).toMatchObject({ totalVotes: null, results: [] });
      continue;
    }
    expect(small, `${p.code} has fewer than 30 answers`).not.toContain(p.code);
    expect(p.totalVotes).toBeGreaterThanOrEqual(30);
    shownSum += p.totalVotes!;
  }
  const residual = r.totalVotes - shownSum;
  if (shownSum > 0) expect(residual === 0 || residual >= 30, `national − shown provinces = ${residual}`).toBe(true);
  return JSON.stringify(r.provinces.filter((p) => p.shown));
}

const shownCodes = (r: Reading) => r.provinces.filter((p) => p.shown).map((p) => p.code);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a poller watching one voter from a small province', () => {
  it('reads nothing below the nation that moves with that vote', async () => {
    const q = await sys.publishQuestion();
    // Gauteng 40, Western Cape 35, 30 without a province; the watched voter is the only one from the Northern Cape.
    await seed(q, [{ province: 'GP', yes: 25, no: 15 }, { province: 'WC', yes: 10, no: 25 }, { yes: 15, no: 15 }]);
    const voter = await userIn('NC', 'Lonely');
    const watcher = await userIn(null, 'Watcher');

    // Once a second, before and after the vote: the public list and a signed-in panel.
    const readings: Reading[] = [];
    const panels: Reading[] = [];
    const poll = async () => {
      readings.push(await publicReading(q), await apiReading(q));
      panels.push(await panelReading(watcher, q));
    };
    for (let i = 0; i < 3; i++) {
      await poll();
      await sleep(1_000);
    }
    const voted = await answer(voter, q, 'yes');
    for (let i = 0; i < 3; i++) {
      await sleep(1_000);
      await poll();
    }

    expect(readings[0]!.totalVotes).toBe(105);
    expect(readings.at(-1)!.totalVotes).toBe(106);
    for (const list of [readings, panels]) {
      const shown = list.map((r) => checkReading(r, ['NC']));
      // The vote moved the national figures only: every two consecutive readings show the same provinces with the
      // same figures, so national minus them (at least 30 answers) holds the vote among 30 others.
      for (let i = 1; i < shown.length; i++) expect(shown[i], `readings ${i - 1} and ${i}`).toBe(shown[i - 1]);
      expect(shownCodes(list.at(-1)!)).toEqual(['GP', 'WC']);
    }
    // The figures the vote's own answer carries follow the same rule.
    if (voted.results) checkReading(voted.results, ['NC']);
  });
});

describe('complementary suppression', () => {
  it('one hidden province: national minus the others would be its split, so the smallest shown is hidden too', async () => {
    const q = await sys.publishQuestion();
    await seed(q, [{ province: 'GP', yes: 25, no: 15 }, { province: 'WC', yes: 10, no: 25 }, { province: 'LP', yes: 5, no: 0 }]);
    const r = await publicReading(q);
    checkReading(r, ['LP']);
    expect(r.totalVotes).toBe(80);
    // Without WC hidden, 80 − 40 − 35 = Limpopo's 5 "yes" exactly.
    expect(shownCodes(r)).toEqual(['GP']);
    expect(r.provinces.find((p) => p.code === 'WC')).toEqual({ code: 'WC', name: 'Western Cape', totalVotes: null, shown: false, results: [] });
  });

  it('answers without a province count in the residual: one such vote hides a province that was shown', async () => {
    const q = await sys.publishQuestion();
    await seed(q, [{ province: 'GP', yes: 25, no: 15 }, { province: 'WC', yes: 10, no: 25 }]);
    // Every answer in a province of 30 or more: both shown, nothing left over.
    const before = await publicReading(q);
    checkReading(before, []);
    expect(shownCodes(before)).toEqual(['GP', 'WC']);

    const nobody = await userIn(null, 'Nowhere');
    const voted = await answer(nobody, q, 'no');
    const after = await publicReading(q);
    checkReading(after, []);
    // 76 − 40 − 35 would be this one vote: Western Cape (the smaller) is hidden, leaving 36.
    expect(after.totalVotes).toBe(76);
    expect(shownCodes(after)).toEqual(['GP']);
    checkReading(await panelReading(nobody, q), []);
    if (voted.results) checkReading(voted.results, []);
  });
});

describe('random province counts, through the whole system', () => {
  it('every reading of the public list and a results panel: no shown cell under 30, residual 0 or at least 30', async () => {
    const q = await sys.publishQuestion();
    const reader = await userIn(null, 'Reader');
    const count = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 400 }));
    const crowd = fc.record({
      provinces: fc.subarray([...PROVINCE_CODES]).chain((codes) => fc.tuple(...codes.map((code) => fc.tuple(fc.constant(code), count, count)))),
      withoutProvince: fc.tuple(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 })), fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 }))),
    });
    await fc.assert(
      fc.asyncProperty(crowd, async ({ provinces, withoutProvince: [yes, no] }) => {
        await sys.services.votingSql('DELETE FROM option_counts WHERE question_id = $1', [q]);
        await sys.services.votingSql('DELETE FROM province_counts WHERE question_id = $1', [q]);
        await seed(q, [...provinces.map(([province, y, n]) => ({ province, yes: y, no: n })), { yes, no }]);
        const small = provinces.filter(([, y, n]) => y + n < 30).map(([code]) => code);
        const expectedTotal = provinces.reduce((t, [, y, n]) => t + y + n, yes + no);
        for (const r of [await publicReading(q), await panelReading(reader, q), await apiReading(q)]) {
          expect(r.totalVotes).toBe(expectedTotal);
          checkReading(r, small);
        }
      }),
      { numRuns: 150, seed: 31 },
    );
  });
});

describe('the province of an answer', () => {
  it('is the one its author had when answering: a later change of province moves nothing', async () => {
    const q1 = await sys.publishQuestion();
    const q2 = await sys.publishQuestion();
    const mover = await userIn('NC', 'Mover');
    await answer(mover, q1, 'yes');
    const counts = (q: string) => sys.services.votingSql('SELECT province, option_id, count::int FROM province_counts WHERE question_id = $1 ORDER BY 1, 2', [q]);
    expect(await counts(q1)).toEqual([{ province: 'NC', option_id: 'yes', count: 1 }]);

    await setProvince(mover, 'GP');
    expect(await counts(q1)).toEqual([{ province: 'NC', option_id: 'yes', count: 1 }]);
    // Answering again changes nothing either; a new question counts in the new province.
    expect((await mover.b.post('/api/answers', { userId: mover.id, questionId: q1, optionId: 'yes' })).status).toBe(200);
    await answer(mover, q2, 'no');
    expect(await counts(q1)).toEqual([{ province: 'NC', option_id: 'yes', count: 1 }]);
    expect(await counts(q2)).toEqual([{ province: 'GP', option_id: 'no', count: 1 }]);
    // And neither question shows a province for it.
    for (const q of [q1, q2]) expect(shownCodes(await publicReading(q))).toEqual([]);
  });
});
