import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sastDayBounds } from '@mzansi/kit';
import { eventually, manualClock, outboxDrained } from '@mzansi/kit/testing';
import { admin, questionsHarness, YES_NO, type Harness } from './helpers.js';

/** SEED_DEMO=true fills an empty database with sample data: an open archive (resolved later by the demo script through the API) and today's question. */
let h: Harness;
// 00:30 SAST on 11 March 2026: early in the day, so today's sample question is published "now".
const clock = manualClock('2026-03-10T22:30:00.000Z');

beforeAll(async () => {
  h = await questionsHarness({ SEED_DEMO: 'true' });
});

afterAll(async () => {
  await h?.cleanup();
});

describe('demo seed', () => {
  it('seeds an open archive and exactly one question for today, once', async () => {
    const first = await h.start({ clock: clock.now });
    const client = h.client(first);

    const all = (await client.listAllQuestions({}, admin())).questions;
    expect(all.length).toBeGreaterThanOrEqual(11);
    expect(all.every((q) => q.isSample)).toBe(true);
    expect(all.every((q) => q.isPublished && q.isActive && !q.isArchived)).toBe(true);
    expect(all.every((q) => JSON.stringify(q.options) === JSON.stringify(YES_NO))).toBe(true);

    // Left open so that sample users can answer before the demo script resolves them through the API.
    expect(all.filter((q) => q.isResolved)).toEqual([]);

    const { start: dayStart } = sastDayBounds(clock.current);
    const todays = (await client.listTodayQuestions({})).questions;
    expect(todays).toHaveLength(1);
    expect(todays[0]).toMatchObject({ isSample: true, isPublished: true, isActive: true, isResolved: false });
    // The demo's question in four languages.
    expect(Object.keys(todays[0]!.translations).sort()).toEqual(['af', 'st', 'zu']);
    expect(todays[0]!.translations.zu).toMatchObject({ options: { yes: 'Yebo', no: 'Cha' }, resolutionCriteria: expect.stringMatching(/Eskom/) });
    // How it is judged, in English and in each language.
    expect(todays[0]!.resolutionCriteria).toMatch(/^Resolves YES if Eskom/);
    expect(todays[0]!.publishedAt!.getTime()).toBeGreaterThanOrEqual(dayStart.getTime());
    expect(todays[0]!.publishedAt!.getTime()).toBeLessThanOrEqual(clock.current.getTime());
    // The archive is from earlier days.
    for (const q of all.filter((q) => q.id !== todays[0]!.id)) expect(q.publishedAt!.getTime()).toBeLessThan(dayStart.getTime());
    expect(await client.listDraftQuestions({}, admin())).toEqual({ questions: [] });

    // Seeded questions go out as events like real ones: one published event per question.
    await eventually(async () => (await h.events()).length >= all.length, 10_000);
    const events = await h.events();
    expect(events.filter((e) => e.envelope.type === 'questions.question.published')).toHaveLength(all.length);
    expect(events).toHaveLength(all.length);

    await first.stop();

    // Starting again on the same (no longer empty) database seeds nothing more.
    const second = await h.start({ clock: manualClock('2026-03-12T10:00:00.000Z').now });
    const again = h.client(second);
    const allAgain = (await again.listAllQuestions({}, admin())).questions;
    expect(allAgain.map((q) => q.id).sort()).toEqual(all.map((q) => q.id).sort());
    // Nothing was seeded for the new day either.
    expect(await again.listTodayQuestions({})).toEqual({ questions: [] });
    await eventually(() => outboxDrained(h.db.url)); // an event for a new seed would be out by now
    expect(await h.events()).toHaveLength(all.length);
  });

  it('does not seed without SEED_DEMO (the test default)', async () => {
    const other = await questionsHarness();
    try {
      const svc = await other.start({ clock: clock.now });
      expect((await other.client(svc).listAllQuestions({}, admin())).questions).toEqual([]);
    } finally {
      await other.cleanup();
    }
  });
});
