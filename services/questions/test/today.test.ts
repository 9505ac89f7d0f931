import { describe, expect, it } from 'vitest';
import { sastDate } from '@mzansi/kit';
import { manualClock } from '@mzansi/kit/testing';
import { admin, newQuestion, type Harness, type QuestionsClient, type Running, useQuestionsService, resolving } from './helpers.js';

/**
 * "Today's questions" are the published, active ones published on today's South African date (UTC+2), by the
 * service's clock: 21:30 UTC is 23:30 SAST the same day, 22:00 UTC is already 00:00 SAST the next day.
 */
let h: Harness;
let svc: Running;
let client: QuestionsClient;
const clock = manualClock('2026-03-10T21:30:00.000Z');

useQuestionsService(clock, (started) => ({ h, svc, client } = started));

const today = async () => (await client.listTodayQuestions({})).questions.map((q) => q.id);

async function publishAt(at: string): Promise<string> {
  clock.set(at);
  const { question } = await client.createQuestion(newQuestion(), admin());
  const { question: published } = await client.publishQuestion({ id: question!.id }, admin());
  expect(published!.publishedAt).toEqual(new Date(at));
  return question!.id;
}

describe('ListTodayQuestions at the SAST day boundary', () => {
  let lateEvening: string;
  let midnight: string;

  it('a question published at 23:30 SAST (21:30Z) is today’s until 23:59:59.999 SAST, and not from 00:00 SAST', async () => {
    lateEvening = await publishAt('2026-03-10T21:30:00.000Z');
    expect(sastDate(new Date('2026-03-10T21:30:00.000Z'))).toBe('2026-03-10');

    for (const now of ['2026-03-10T21:30:00.000Z', '2026-03-10T21:59:59.000Z', '2026-03-10T21:59:59.999Z', '2026-03-09T22:00:00.000Z']) {
      clock.set(now);
      expect(await today(), now).toEqual([lateEvening]);
    }
    for (const now of ['2026-03-10T22:00:00.000Z', '2026-03-10T22:00:00.001Z', '2026-03-11T09:00:00.000Z', '2026-03-09T21:59:59.999Z']) {
      clock.set(now);
      expect(await today(), now).toEqual([]);
    }
  });

  it('a question published at 22:00:00Z (00:00 SAST) belongs to the next SAST day', async () => {
    midnight = await publishAt('2026-03-10T22:00:00.000Z');
    expect(sastDate(new Date('2026-03-10T22:00:00.000Z'))).toBe('2026-03-11');

    for (const now of ['2026-03-10T22:00:00.000Z', '2026-03-11T10:00:00.000Z', '2026-03-11T21:59:59.999Z']) {
      clock.set(now);
      expect(await today(), now).toEqual([midnight]);
    }
    clock.set('2026-03-10T21:59:59.999Z');
    expect(await today()).toEqual([lateEvening]);
    clock.set('2026-03-11T22:00:00.000Z');
    expect(await today()).toEqual([]);
  });

  it('lists every one of the day’s questions in publication order; drafts, archived and other days’ are left out', async () => {
    const morning = await publishAt('2026-03-11T06:00:00.000Z');
    clock.set('2026-03-11T07:00:00.000Z');
    const draft = (await client.createQuestion(newQuestion(), admin())).question!.id;
    const archived = await publishAt('2026-03-11T08:00:00.000Z');
    await client.archiveQuestion({ id: archived }, admin());
    const resolved = await publishAt('2026-03-11T09:00:00.000Z');
    await client.resolveQuestion(resolving(resolved, 'yes'), admin());

    clock.set('2026-03-11T12:00:00.000Z');
    const ids = await today();
    expect(ids).toEqual([midnight, morning, resolved]);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(archived);
    expect(ids).not.toContain(lateEvening);
  });
});
