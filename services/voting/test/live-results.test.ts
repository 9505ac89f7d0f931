import { connect, type NatsConnection, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeResultsChanged, LIVE_SUBJECTS, prom, type ResultsChanged } from '@mzansi/kit';
import { eventually, manualTimers, TEST_NATS_URL } from '@mzansi/kit/testing';
import { ResultsPacer } from '../src/domain/results-pacer.js';
import { startResultsPublisher } from '../src/entry-points/live/results-publisher.js';
import { resultsOfQuestion } from '../src/domain/results.js';
import * as repo from '../src/data-access/voting-repo.js';
import { user, votingHarness, type Harness } from './helpers.js';

/**
 * Live results: voting publishes each question's exact totals and option texts on core NATS
 * (`<namespace>.live.voting.results`) at most once per question per LIVE_RESULTS_INTERVAL_MS, after the answers
 * commit, whatever the number of voting replicas (the gateways do not pace again). The pacing rule and the
 * message's shape are unit-tested; the bursts run against the real services.
 */

describe('ResultsPacer (at most one flush per interval, never a last change missed)', () => {
  function pacerWith(intervalMs = 1_000) {
    const time = manualTimers();
    const flushes: { at: number; ids: string[] }[] = [];
    let fail = false;
    const pacer = new ResultsPacer(
      intervalMs,
      async (ids) => {
        flushes.push({ at: time.now, ids: [...ids].sort() });
        if (fail) throw new Error('database down');
      },
      time.clock,
    );
    return { time, flushes, pacer, failNext: (v: boolean) => (fail = v) };
  }

  it('a change after a quiet spell flushes at once; changes meanwhile wait for the interval and go out in one flush', async () => {
    const { time, flushes, pacer } = pacerWith();
    pacer.changed(['a']);
    await time.advanceSettled(0);
    expect(flushes).toEqual([{ at: 0, ids: ['a'] }]);

    // Many changes to several questions within the interval: one flush, one read for all of them, at 1,000 ms.
    for (let i = 0; i < 100; i++) {
      await time.advanceSettled(5);
      pacer.changed([i % 2 ? 'a' : 'b', 'c']);
    }
    await time.advanceSettled(1_000);
    expect(flushes).toEqual([
      { at: 0, ids: ['a'] },
      { at: 1_000, ids: ['a', 'b', 'c'] },
    ]);
    // Quiet: nothing more.
    await time.advanceSettled(5_000);
    expect(flushes).toHaveLength(2);
    // After the quiet spell the next change goes at once again.
    pacer.changed(['b']);
    await time.advanceSettled(0);
    expect(flushes[2]).toEqual({ at: 6_500, ids: ['b'] });
  });

  it('a burst of D ms gives at most D / interval + 2 flushes, ≥ interval apart, the last after the last change', async () => {
    const { time, flushes, pacer } = pacerWith(250);
    const D = 2_130;
    for (let at = 0; at <= D; at += 10) {
      pacer.changed(['q']);
      await time.advanceSettled(10);
    }
    await time.advanceSettled(1_000);
    expect(flushes.length).toBeLessThanOrEqual(D / 250 + 2);
    for (let i = 1; i < flushes.length; i++) expect(flushes[i]!.at - flushes[i - 1]!.at).toBeGreaterThanOrEqual(250);
    expect(flushes[flushes.length - 1]!.at).toBeGreaterThanOrEqual(D);
  });

  it('a failed flush keeps its questions for the next; a change during a flush is flushed after it', async () => {
    const { time, flushes, pacer, failNext } = pacerWith();
    failNext(true);
    pacer.changed(['a']);
    await time.advanceSettled(0);
    failNext(false);
    pacer.changed(['b']);
    await time.advanceSettled(1_000);
    expect(flushes).toEqual([
      { at: 0, ids: ['a'] },
      { at: 1_000, ids: ['a', 'b'] },
    ]);
  });

  it('stop() sends what is still marked in one last flush, keeping to the interval, then nothing more', async () => {
    const { time, flushes, pacer } = pacerWith();
    pacer.changed(['a']);
    await time.advanceSettled(0);
    pacer.changed(['b']);
    const stopped = pacer.stop();
    await time.advanceSettled(1_000);
    await stopped;
    expect(flushes).toEqual([
      { at: 0, ids: ['a'] },
      { at: 1_000, ids: ['b'] },
    ]);
    pacer.changed(['c']);
    await time.advanceSettled(5_000);
    expect(flushes).toHaveLength(2);
  });
});

describe('resultsOfQuestion', () => {
  it('every option in order with its text; percentages to one decimal as the API gives them; none chosen = 0', () => {
    const options = [
      { id: 'yes', text: 'Yes, comfortably' },
      { id: 'no', text: 'No' },
      { id: 'draw', text: 'A draw' },
    ];
    expect(resultsOfQuestion('q', options, new Map([['yes', 2], ['no', 1]]))).toEqual({
      questionId: 'q',
      totalVotes: 3,
      results: [
        { optionId: 'yes', optionText: 'Yes, comfortably', votes: 2, percentage: 66.7 },
        { optionId: 'no', optionText: 'No', votes: 1, percentage: 33.3 },
        { optionId: 'draw', optionText: 'A draw', votes: 0, percentage: 0 },
      ],
    });
    expect(resultsOfQuestion('q', options, new Map()).results.map((r) => r.percentage)).toEqual([0, 0, 0]);
  });

  it('with province counts, only the provinces that may be shown, each with every option and its share of that province', () => {
    const options = [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ];
    const provinces = new Map([['GP', new Map([['yes', 30], ['no', 10]])], ['WC', new Map([['no', 30]])], ['LP', new Map([['no', 2]])]]);
    // 40 + 30 shown, LP (2) under 30 is left out; with 30 answers without a province the residual is 32.
    expect(resultsOfQuestion('q', options, new Map([['yes', 45], ['no', 57]]), false, provinces).provinces).toEqual([
      { province: 'GP', counts: [{ optionId: 'yes', votes: 30, percentage: 75 }, { optionId: 'no', votes: 10, percentage: 25 }] },
      { province: 'WC', counts: [{ optionId: 'yes', votes: 0, percentage: 0 }, { optionId: 'no', votes: 30, percentage: 100 }] },
    ]);
    // Without those 30, national minus GP and WC would be LP's 2: WC (the smaller) is hidden too.
    expect(resultsOfQuestion('q', options, new Map([['yes', 30], ['no', 42]]), false, provinces).provinces).toEqual([
      { province: 'GP', counts: [{ optionId: 'yes', votes: 30, percentage: 75 }, { optionId: 'no', votes: 10, percentage: 25 }] },
    ]);
    // A blind question's message carries neither.
    expect(resultsOfQuestion('q', options, new Map([['yes', 3]]), true, provinces)).toEqual({ questionId: 'q', totalVotes: 3, results: [], blind: true });
  });
});

describe('live results from the real service', () => {
  const INTERVAL_MS = 250;
  let h: Harness;
  let nc: NatsConnection;
  let sub: Subscription;
  const received: { at: number; m: ResultsChanged }[] = [];

  beforeAll(async () => {
    h = await votingHarness({ env: { LIVE_RESULTS_INTERVAL_MS: String(INTERVAL_MS) } });
    nc = await connect({ servers: TEST_NATS_URL });
    sub = nc.subscribe(`${h.ns}.${LIVE_SUBJECTS.results}`, {
      callback: (err, msg) => {
        if (!err) received.push({ at: performance.now(), m: decodeResultsChanged(msg.data) });
      },
    });
    await nc.flush();
  });

  afterAll(async () => {
    sub?.unsubscribe();
    await nc?.close();
    await h?.cleanup();
  });

  const of = (questionId: string) => received.filter((r) => r.m.questionId === questionId);

  it(`500 answers in a burst on one question: ≤ burst / ${INTERVAL_MS} ms + 1 messages, the last with the exact totals and option texts`, async () => {
    // The texts voting's projection took from the publish event (not the usual Yes/No).
    const options = [
      { id: 'yes', text: 'Yes, by ten points or more' },
      { id: 'no', text: 'No, not this time' },
    ];
    const q = await h.createPublished({ options });
    const picks = Array.from({ length: 500 }, (_, i) => options[i % 3 === 0 ? 1 : 0]!.id);
    // 20 submits in flight at a time, so that the burst spans several intervals.
    const started = performance.now();
    let next = 0;
    const answers: Awaited<ReturnType<Harness['answer']>>[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < picks.length) answers.push(await h.answer(user(), q.id, picks[next++]!));
      }),
    );
    const answeredMs = performance.now() - started;
    expect(answers).toHaveLength(500);
    expect(answers.every((a) => !a.alreadyAnswered)).toBe(true);

    const expected = (id: string) => picks.filter((p) => p === id).length;
    await eventually(async () => of(q.id).at(-1)?.m.totalVotes === 500, 10_000, 10);
    // A moment longer: a change during the flush that sent the final totals is followed by one more flush (the same
    // totals, read after the last commit); nothing comes after that.
    await new Promise((r) => setTimeout(r, 3 * INTERVAL_MS));
    const messages = of(q.id);
    const lastAt = messages.at(-1)!.at;
    // The burst as the subscriber saw it: from its first message (which may come before the first submit: the
    // publish itself can send the question's zero totals) to the final totals. Flushes start ≥ one interval apart,
    // so n messages span ≥ (n - 1) intervals, less what delivery jitter takes off the span (50 ms allowed).
    const burstMs = lastAt - Math.min(started, messages[0]!.at) + 50;
    console.log(
      `[voting] live results: 500 answers in ${answeredMs.toFixed(0)} ms → ${messages.length} messages over ${burstMs.toFixed(0)} ms (interval ${INTERVAL_MS} ms; bound ${(burstMs / INTERVAL_MS + 1).toFixed(1)})`,
    );
    expect(messages.length).toBeLessThanOrEqual(burstMs / INTERVAL_MS + 1);
    expect(messages.at(-1)!.m).toEqual({
      questionId: q.id,
      totalVotes: 500,
      results: options.map((o) => ({
        optionId: o.id,
        optionText: o.text,
        votes: expected(o.id),
        percentage: Math.round((expected(o.id) / 500) * 1000) / 10,
      })),
      // These voters gave no province.
      provinces: [],
    });
    // Every message is consistent and totals never go back.
    for (let i = 0; i < messages.length; i++) {
      const m = messages[i]!.m;
      expect(m.results.reduce((n, r) => n + r.votes, 0)).toBe(m.totalVotes);
      if (i > 0) expect(m.totalVotes).toBeGreaterThanOrEqual(messages[i - 1]!.m.totalVotes);
    }
    // The final totals are the stored ones.
    const [stored] = await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM answers WHERE question_id = $1', [q.id]);
    expect(stored!.n).toBe(500);
  });

  it('two replicas marking one question through a burst: still about one message per interval, the last exact', async () => {
    // A second publisher on the same database and subject: a second voting replica, as the gateways see it.
    const ctx = h.voting.ctx;
    const second = startResultsPublisher({ ...ctx, metrics: { ...ctx.metrics, registry: new prom.Registry() } }, { intervalMs: INTERVAL_MS });
    const q = await h.createPublished();
    const started = performance.now();
    let answering = true;
    // Replica B is told of the same question's answers at its own pace, as if it had taken some of them.
    const marking = (async () => {
      while (answering) {
        second.changed([q.id]);
        await new Promise((r) => setTimeout(r, 37));
      }
    })();
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next++ < 300) await h.answer(user(), q.id, 'yes');
      }),
    );
    answering = false;
    await marking;
    await eventually(async () => of(q.id).at(-1)?.m.totalVotes === 300, 10_000, 10);
    await second.stop();
    await new Promise((r) => setTimeout(r, 3 * INTERVAL_MS));
    const messages = of(q.id);
    const burstMs = messages.at(-1)!.at - Math.min(started, messages[0]!.at) + 50;
    console.log(`[voting] two replicas: ${messages.length} messages over ${burstMs.toFixed(0)} ms (interval ${INTERVAL_MS} ms)`);
    // Unpaced between them, two replicas would send about twice the bound; one more allows for a crossing in flight.
    expect(messages.length).toBeLessThanOrEqual(burstMs / INTERVAL_MS + 2);
    expect(messages.at(-1)!.m.totalVotes).toBe(300);
  });

  it('a lone vote after a quiet spell is sent at once (well within the interval)', async () => {
    const q = await h.createPublished();
    await new Promise((r) => setTimeout(r, INTERVAL_MS));
    const t0 = performance.now();
    await h.answer(user(), q.id, 'no');
    await eventually(async () => of(q.id).length === 1, 5_000, 5);
    const m = of(q.id)[0]!;
    expect(m.at - t0).toBeLessThan(INTERVAL_MS);
    expect(m.m.results).toEqual([
      { optionId: 'yes', optionText: 'Yes', votes: 0, percentage: 0 },
      { optionId: 'no', optionText: 'No', votes: 1, percentage: 100 },
    ]);
  });

  it('one statement reads options and exact counts for many questions, a question without votes included', async () => {
    const [a, b, c] = await Promise.all([h.createPublished(), h.createPublished(), h.createPublished()]);
    await Promise.all([h.answer(user(), a!.id, 'yes'), h.answer(user(), a!.id, 'no'), h.answer(user(), b!.id, 'yes')]);
    const rows = await repo.optionsAndCounts(h.voting.ctx.db, [a!.id, b!.id, c!.id, '00000000-0000-4000-8000-000000000000']);
    const shape = rows.map((r) => `${r.questionId === a!.id ? 'a' : r.questionId === b!.id ? 'b' : 'c'} ${r.optionId ?? '-'} ${r.count}`).sort();
    expect(shape).toEqual(['a no 1', 'a yes 1', 'b yes 1', 'c - 0']);
    expect(rows.every((r) => r.options.length === 2 && r.options[0]!.text === 'Yes')).toBe(true);
  });

  it('a resync request sends the recently sent questions again (a gateway that reconnected catches up)', async () => {
    const q = await h.createPublished();
    await h.answer(user(), q.id, 'yes');
    await eventually(async () => of(q.id).length === 1, 5_000, 5);
    nc.publish(`${h.ns}.${LIVE_SUBJECTS.resync}`);
    await eventually(async () => of(q.id).length === 2, 5_000, 5);
    expect(of(q.id)[1]!.m).toEqual(of(q.id)[0]!.m);
  });
});
