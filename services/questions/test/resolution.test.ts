import { describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, manualClock, outboxDrained } from '@mzansi/kit/testing';
import { RESOLUTION_MESSAGES } from '@mzansi/api/rules';
import { CORRECTION_MESSAGES } from '../src/domain/resolution.js';
import { admin, newQuestion, resolving, SOURCE, useQuestionsService, type Harness, type QuestionsClient, type Running } from './helpers.js';

/** Resolving with a source and correcting a resolution once within 24 hours, against the real database and NATS. */
let h: Harness;
let svc: Running;
let client: QuestionsClient;
const clock = manualClock('2026-05-30T08:00:00.000Z');
useQuestionsService(clock, (started) => ({ h, svc, client } = started));

async function published(): Promise<string> {
  const id = (await client.createQuestion(newQuestion(), admin())).question!.id;
  await client.publishQuestion({ id }, admin());
  return id;
}

const stored = async (id: string) =>
  (
    await svc.ctx.pool.query(
      `SELECT is_resolved, correct_option_id, resolution_source_url, resolution_source_title, resolution_note, resolution_corrected_at,
              resolution_correction FROM questions WHERE id = $1`,
      [id],
    )
  ).rows[0];
const resolvedEvents = async (id: string) =>
  (await h.events()).filter((e) => e.envelope.type === 'questions.question.resolved' && (e.envelope.data as { questionId: string }).questionId === id);

describe('resolving needs a source', () => {
  it('without a source, with a javascript: or data: address, or without a title: INVALID_ARGUMENT and nothing changes', async () => {
    const id = await published();
    const refused: [unknown, string][] = [
      [undefined, RESOLUTION_MESSAGES.sourceRequired],
      [{ url: '', title: 'IEC' }, RESOLUTION_MESSAGES.sourceRequired],
      [{ url: 'javascript:alert(1)', title: 'IEC' }, RESOLUTION_MESSAGES.urlScheme],
      [{ url: 'data:text/html,<b>x</b>', title: 'IEC' }, RESOLUTION_MESSAGES.urlScheme],
      [{ url: '/results', title: 'IEC' }, RESOLUTION_MESSAGES.urlInvalid],
      [{ url: 'https://user:pw@www.elections.org.za/', title: 'IEC' }, RESOLUTION_MESSAGES.urlCredentials],
      [{ url: SOURCE.url, title: '   ' }, RESOLUTION_MESSAGES.titleRequired],
    ];
    for (const [source, message] of refused) {
      await expectGrpcError(client.resolveQuestion({ id, correctOptionId: 'yes', source: source as typeof SOURCE, note: '' }, admin()), grpc.status.INVALID_ARGUMENT, message);
    }
    await expectGrpcError(client.resolveQuestion({ ...resolving(id, 'yes'), note: 'x'.repeat(281) }, admin()), grpc.status.INVALID_ARGUMENT, RESOLUTION_MESSAGES.noteTooLong);
    expect(await stored(id)).toMatchObject({ is_resolved: false, correct_option_id: null, resolution_source_url: null });
    await eventually(() => outboxDrained(h.db.url));
    expect(await resolvedEvents(id)).toEqual([]);
  });

  it('keeps the source as the URL parser writes it, the title and note trimmed; the question carries them', async () => {
    const id = await published();
    clock.set('2026-05-30T16:00:00.000Z');
    const { question } = await client.resolveQuestion({ id, correctOptionId: 'yes', source: { url: '  HTTPS://WWW.Elections.org.za/results?x=1  ', title: ' IEC results ' }, note: ' Final count ' }, admin());
    expect(question!.resolution).toEqual({
      source: { url: 'https://www.elections.org.za/results?x=1', title: 'IEC results' },
      note: 'Final count',
      resolvedAt: new Date('2026-05-30T16:00:00.000Z'),
      correctedAt: undefined,
    });
    expect((await client.getQuestion({ id })).question!.resolution).toEqual(question!.resolution);
    const [event] = (await eventually(async () => {
      const events = await resolvedEvents(id);
      return events.length ? events : undefined;
    }))!;
    expect(event!.envelope.data).toMatchObject({ sourceUrl: 'https://www.elections.org.za/results?x=1', sourceTitle: 'IEC results', note: 'Final count' });
  });

  it('a question resolved before sources has no resolution to show (isResolved stays true)', async () => {
    const id = await published();
    await svc.ctx.pool.query(`UPDATE questions SET is_resolved = true, correct_option_id = 'no', resolved_at = now() WHERE id = $1`, [id]);
    const q = (await client.getQuestion({ id })).question!;
    expect(q).toMatchObject({ isResolved: true, correctOptionId: 'no' });
    expect(q.resolution).toBeUndefined();
  });
});

describe('correcting a resolution, once, within 24 hours', () => {
  it('changes the option and source, keeps resolvedAt, stamps correctedAt, keeps what it replaced and why; one corrected event', async () => {
    const id = await published();
    clock.set('2026-05-30T16:00:00.000Z');
    await client.resolveQuestion(resolving(id, 'yes'), admin());
    clock.set('2026-05-31T15:59:59.000Z'); // 23 h 59 min 59 s later
    const source = { url: 'https://www.elections.org.za/results/final', title: 'IEC final results' };
    const { question } = await client.correctResolution({ id, correctOptionId: 'no', source, note: '', reason: 'Recount changed the outcome' }, admin());
    expect(question).toMatchObject({ isResolved: true, correctOptionId: 'no' });
    expect(question!.resolution).toEqual({ source, note: '', resolvedAt: new Date('2026-05-30T16:00:00.000Z'), correctedAt: new Date('2026-05-31T15:59:59.000Z') });
    expect((await stored(id)).resolution_correction).toEqual({
      reason: 'Recount changed the outcome',
      previous: { correctOptionId: 'yes', sourceUrl: SOURCE.url, sourceTitle: SOURCE.title, note: null },
    });
    const events = (await eventually(async () => {
      const all = await resolvedEvents(id);
      return all.length === 2 ? all : undefined;
    }))!;
    expect(events[1]!.envelope.data).toMatchObject({
      questionId: id,
      correctOptionId: 'no',
      corrected: true,
      previousCorrectOptionId: 'yes',
      resolvedAt: new Date('2026-05-30T16:00:00.000Z'),
      correctedAt: new Date('2026-05-31T15:59:59.000Z'),
      sourceTitle: 'IEC final results',
    });

    // A second correction is refused, and so is one that changes nothing.
    await expectGrpcError(
      client.correctResolution({ id, correctOptionId: 'yes', source: SOURCE, note: '', reason: 'Changed my mind' }, admin()),
      grpc.status.FAILED_PRECONDITION,
      CORRECTION_MESSAGES.already,
    );
    expect((await stored(id)).correct_option_id).toBe('no');
  });

  it('at 24 hours and after: refused, nothing changes', async () => {
    const id = await published();
    clock.set('2026-06-01T10:00:00.000Z');
    await client.resolveQuestion(resolving(id, 'yes'), admin());
    clock.set('2026-06-02T10:00:00.000Z');
    const late = client.correctResolution({ ...resolving(id, 'no'), reason: 'Too late' }, admin());
    await expectGrpcError(late, grpc.status.FAILED_PRECONDITION, CORRECTION_MESSAGES.tooLate);
    expect(await stored(id)).toMatchObject({ correct_option_id: 'yes', resolution_corrected_at: null, resolution_correction: null });
  });

  it('refuses an unresolved question, a correction without a reason, and one that changes nothing', async () => {
    const id = await published();
    await expectGrpcError(client.correctResolution({ ...resolving(id, 'no'), reason: 'x' }, admin()), grpc.status.FAILED_PRECONDITION, CORRECTION_MESSAGES.notResolved);
    await client.resolveQuestion(resolving(id, 'yes'), admin());
    await expectGrpcError(client.correctResolution({ ...resolving(id, 'no'), reason: '  ' }, admin()), grpc.status.INVALID_ARGUMENT, RESOLUTION_MESSAGES.reasonRequired);
    await expectGrpcError(client.correctResolution({ ...resolving(id, 'yes'), reason: 'Same' }, admin()), grpc.status.INVALID_ARGUMENT, CORRECTION_MESSAGES.unchanged);
    await expectGrpcError(
      client.correctResolution({ id, correctOptionId: 'no', source: { url: 'javascript:alert(1)', title: 'x' }, note: '', reason: 'Bad link' }, admin()),
      grpc.status.INVALID_ARGUMENT,
      RESOLUTION_MESSAGES.urlScheme,
    );
    expect(await stored(id)).toMatchObject({ correct_option_id: 'yes', resolution_corrected_at: null });
    // Only the source may change too: same option, another source.
    const { question } = await client.correctResolution({ id, correctOptionId: 'yes', source: { url: 'https://www.gov.za/', title: 'Gazette' }, note: '', reason: 'Better source' }, admin());
    expect(question).toMatchObject({ correctOptionId: 'yes', resolution: { source: { url: 'https://www.gov.za/', title: 'Gazette' } } });
  });
});
