import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, manualClock, outboxDrained } from '@mzansi/kit/testing';
import { brierSkill } from '../src/domain/calibration.js';
import { correctionDelta } from '../src/domain/scoring.js';
import { NOTICE_CHUNK } from '../src/data-access/correction-repo.js';
import { idOf, resolvedEvent, user, votingHarness, type Harness } from './helpers.js';

/**
 * A corrected resolution (questions.question.resolved with `corrected`): every answer's credit under the old option
 * taken back and given under the new one, in the month the answer was given, once, in one transaction; those who
 * answered are named in voting.resolution.corrected events.
 */
let h: Harness;
const clock = manualClock('2026-04-30T18:00:00.000Z');

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
});

afterAll(async () => {
  await h?.cleanup();
});

const scores = async (userId: string) =>
  h.sql<{ month: string; answered: number; resolved: number; correct: number; skill_sum: number }>(
    `SELECT to_char(month, 'YYYY-MM-DD') AS month, answered, resolved, correct, skill_sum FROM month_scores WHERE user_id = $1 ORDER BY month`,
    [userId],
  );
const notices = async (questionId: string) =>
  (await h.votingEvents())
    .filter((e) => e.envelope.type === 'voting.resolution.corrected' && (e.envelope.data as { questionId: string }).questionId === questionId)
    .map((e) => e.envelope.data as { userIds: string[]; part: number; parts: number; correctOptionId: string; previousCorrectOptionId: string; sourceTitle: string });

describe('a corrected resolution', () => {
  it('moves the credit from one player to the other, in each answer’s own month; accuracy and rank follow; skill as the domain says', async () => {
    const [thandi, sipho] = [user(), user()];
    const q = await h.createPublished();
    clock.set('2026-04-30T21:00:00.000Z'); // 23:00 SAST, 30 April: Thandi's answer counts in April
    await h.v.submitAnswer({ questionId: q.id, optionId: 'yes', confidence: 80 }, thandi);
    clock.set('2026-04-30T22:30:00.000Z'); // 00:30 SAST, 1 May: Sipho's counts in May
    await h.v.submitAnswer({ questionId: q.id, optionId: 'no', confidence: 60 }, sipho);
    clock.set('2026-05-01T08:00:00.000Z');
    const resolvedAt = clock.current;
    await h.resolve(q.id, 'yes');
    const close = (x: number) => expect.closeTo(x, 12);
    expect(await scores(idOf(thandi))).toEqual([{ month: '2026-04-01', answered: 1, resolved: 1, correct: 1, skill_sum: close(brierSkill(80, true)) }]);
    expect(await scores(idOf(sipho))).toEqual([{ month: '2026-05-01', answered: 1, resolved: 1, correct: 0, skill_sum: close(brierSkill(60, false)) }]);
    const mayBefore = await h.v.getUserStats({ userId: idOf(sipho) }, sipho);
    expect(mayBefore).toMatchObject({ accuracy: 0, correctThisMonth: 0, resolvedThisMonth: 1 });

    clock.set('2026-05-01T12:00:00.000Z');
    await h.correct(q.id, 'no', 'yes', resolvedAt);
    const thandiDelta = correctionDelta({ optionId: 'yes', confidence: 80 }, 'yes', 'no');
    const siphoDelta = correctionDelta({ optionId: 'no', confidence: 60 }, 'yes', 'no');
    expect(thandiDelta.correct).toBe(-1);
    expect(siphoDelta.correct).toBe(1);
    const [t] = await scores(idOf(thandi));
    const [s] = await scores(idOf(sipho));
    expect(t).toMatchObject({ month: '2026-04-01', answered: 1, resolved: 1, correct: 0 });
    expect(t!.skill_sum).toBeCloseTo(brierSkill(80, true) + thandiDelta.skill, 12);
    expect(t!.skill_sum).toBeCloseTo(brierSkill(80, false), 12);
    expect(s).toMatchObject({ month: '2026-05-01', answered: 1, resolved: 1, correct: 1 });
    expect(s!.skill_sum).toBeCloseTo(brierSkill(60, true), 12);
    expect(await h.v.getUserStats({ userId: idOf(sipho) }, sipho)).toMatchObject({ accuracy: 100, correctThisMonth: 1, resolvedThisMonth: 1, nationalRank: 1 });
    expect(await h.stateOf(q.id)).toMatchObject({ is_resolved: true, correct_option_id: 'no', resolved_at: resolvedAt });

    // The players who answered, named for their notices.
    await eventually(() => outboxDrained(h.db.url));
    const [notice, ...more] = await notices(q.id);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ correctOptionId: 'no', previousCorrectOptionId: 'yes', sourceTitle: 'IEC final results', part: 1, parts: 1 });
    expect([...notice!.userIds].sort()).toEqual([idOf(thandi), idOf(sipho)].sort());
  });

  it('is applied once: a redelivered event (same id) and another correction event change nothing and name nobody again', async () => {
    const [a, b] = [user(), user()];
    const q = await h.createPublished();
    await h.v.submitAnswer({ questionId: q.id, optionId: 'yes' }, a);
    await h.v.submitAnswer({ questionId: q.id, optionId: 'no' }, b);
    const resolvedAt = clock.current;
    await h.resolve(q.id, 'yes');
    const eventId = await h.correct(q.id, 'no', 'yes', resolvedAt);
    const after = [await scores(idOf(a)), await scores(idOf(b))];
    await h.correct(q.id, 'no', 'yes', resolvedAt, { eventId }); // the same event again (a new JetStream message)
    await h.correct(q.id, 'yes', 'no', resolvedAt); // another correction event: voting applies only the first
    expect([await scores(idOf(a)), await scores(idOf(b))]).toEqual(after);
    expect(await h.stateOf(q.id)).toMatchObject({ correct_option_id: 'no' });
    await eventually(() => outboxDrained(h.db.url));
    expect(await notices(q.id)).toHaveLength(1);
  });

  it('only the source changed: no score moves, the players are still told', async () => {
    const a = user();
    const q = await h.createPublished();
    await h.v.submitAnswer({ questionId: q.id, optionId: 'yes' }, a);
    const resolvedAt = clock.current;
    await h.resolve(q.id, 'yes');
    const before = await scores(idOf(a));
    await h.correct(q.id, 'yes', 'yes', resolvedAt);
    expect(await scores(idOf(a))).toEqual(before);
    await eventually(async () => (await notices(q.id)).length === 1);
  });

  it('overtaking its resolution (never resolved here yet): resolves with the corrected option; the late resolution changes nothing', async () => {
    const a = user();
    const q = await h.createPublished();
    await h.v.submitAnswer({ questionId: q.id, optionId: 'no' }, a);
    const resolvedAt = clock.current;
    await h.correct(q.id, 'no', 'yes', resolvedAt);
    await h.applied(await h.publish('questions.question.resolved', resolvedEvent(q.id, 'yes', resolvedAt)));
    expect((await scores(idOf(a)))[0]).toMatchObject({ resolved: 1, correct: 1 });
    expect(await h.stateOf(q.id)).toMatchObject({ correct_option_id: 'no' });
  });

  it(`names everyone who answered, ${NOTICE_CHUNK} per event, each once`, async () => {
    const q = await h.createPublished();
    const n = NOTICE_CHUNK * 2 + 7;
    const ids = Array.from({ length: n }, () => randomUUID());
    // Answers written directly (as many as a busy question has), with their month scores as the answers made them.
    await h.sql(
      `INSERT INTO answers (user_id, question_id, option_id, submitted_at, sast_day, confidence)
       SELECT u::uuid, $1, CASE WHEN i % 2 = 0 THEN 'yes' ELSE 'no' END, now(), '2026-05-01', 75 FROM unnest($2::text[]) WITH ORDINALITY AS t(u, i)`,
      [q.id, ids],
    );
    await h.sql(`INSERT INTO month_scores (month, user_id, answered) SELECT '2026-05-01', u::uuid, 1 FROM unnest($1::text[]) AS u`, [ids]);
    const resolvedAt = clock.current;
    await h.resolve(q.id, 'yes');
    await h.correct(q.id, 'no', 'yes', resolvedAt);
    await eventually(() => outboxDrained(h.db.url));
    const parts = (await notices(q.id)).sort((x, y) => x.part - y.part);
    expect(parts.map((p) => [p.part, p.parts, p.userIds.length])).toEqual([
      [1, 3, NOTICE_CHUNK],
      [2, 3, NOTICE_CHUNK],
      [3, 3, 7],
    ]);
    const named = parts.flatMap((p) => p.userIds);
    expect(new Set(named).size).toBe(n);
    expect(new Set(named)).toEqual(new Set(ids));
    const totals = await h.sql<{ correct: number; resolved: number }>(
      `SELECT sum(correct)::int AS correct, sum(resolved)::int AS resolved FROM month_scores WHERE user_id = ANY($1::uuid[])`,
      [ids],
    );
    // The odd ordinals answered "no": the corrected option.
    expect(totals[0]).toEqual({ correct: Math.ceil(n / 2), resolved: n });
  });
});
