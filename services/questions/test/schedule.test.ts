// Scheduled publishing in the questions service: a draft publishes itself at its time exactly once with two replicas
// polling the same database, once after a restart across its time, never once unscheduled; a schedule found due past
// its SAST day stays a draft marked missed, one found late on its day publishes and the audit log says how late.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, manualClock, outboxDrained, sleep } from '@mzansi/kit/testing';
import { updateQuestion } from '../src/data-access/questions-repo.js';
import { claimDue } from '../src/data-access/schedule-repo.js';
import { isDue } from '../src/domain/schedule.js';
import { admin, newQuestion, questionsHarness, type Harness, type StreamEvent } from './helpers.js';

const POLL = { SCHEDULE_POLL_MS: '100' };
const about = (id: string) => (e: StreamEvent) => (e.envelope.data as { question?: { id: string } }).question?.id === id;
const audit = (e: StreamEvent) => e.envelope.data as { action: string; targetId: string; outcome: string; detail: string; actorId: string };

/** A fresh database and namespace for a describe block; read it inside its tests. */
function freshHarness(): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await questionsHarness();
  });
  afterAll(async () => {
    await h?.cleanup();
  });
  return () => h!;
}

async function publishedEvents(h: Harness, id: string): Promise<StreamEvent[]> {
  await eventually(() => outboxDrained(h.db.url));
  return (await h.events()).filter((e) => e.envelope.type === 'questions.question.published' && about(id)(e));
}

describe('on the real clock, two replicas', () => {
  const harness = freshHarness();

  it('publishes by itself at its time, once, and sets the date to match', async () => {
    const h = harness();
    const [a, b] = [await h.start({ env: POLL }), await h.start({ env: POLL })];
    const client = h.client(a);
    const scheduler = admin();
    const draft = (await client.createQuestion(newQuestion({ text: 'Will the schedule hold' }), scheduler)).question!;
    const publishAt = new Date(Date.now() + 1_500);
    const scheduled = (await client.scheduleQuestion({ id: draft.id, publishAt }, scheduler)).question!;
    expect(scheduled).toMatchObject({ isPublished: false, scheduledFor: publishAt, date: publishAt, scheduleMissedAt: undefined });

    const published = await eventually(async () => {
      const q = (await h.client(b).getQuestion({ id: draft.id }, admin())).question!;
      return q.isPublished ? q : undefined;
    }, 10_000);
    expect(published!.publishedAt!.getTime()).toBeGreaterThanOrEqual(publishAt.getTime());
    expect(published).toMatchObject({ isActive: true, scheduledFor: undefined });
    await sleep(400); // both replicas poll several more times
    expect(await publishedEvents(h, draft.id)).toHaveLength(1);
    const records = (await h.auditEvents()).map(audit).filter((r) => r.targetId === draft.id);
    expect(records.map((r) => [r.action, r.outcome, r.actorId])).toEqual([
      ['question.create', 'success', scheduler.actor.id],
      ['question.schedule', 'success', scheduler.actor.id],
      ['question.publish.scheduled', 'success', scheduler.actor.id],
    ]);
    expect(records[2]!.detail).toMatch(/^Scheduled for .*; published \d+ s late$/);
    await expectGrpcError(client.scheduleQuestion({ id: draft.id, publishAt: new Date(Date.now() + 60_000) }, scheduler), grpc.status.FAILED_PRECONDITION);
    await expectGrpcError(client.unscheduleQuestion({ id: draft.id }, scheduler), grpc.status.FAILED_PRECONDITION);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('refuses a time not in the future, and a non-admin', async () => {
    const h = harness();
    const svc = await h.start({ env: POLL });
    const client = h.client(svc);
    const draft = (await client.createQuestion(newQuestion(), admin())).question!;
    await expectGrpcError(client.scheduleQuestion({ id: draft.id, publishAt: new Date(Date.now() - 1_000) }, admin()), grpc.status.INVALID_ARGUMENT, 'The publish time must be in the future');
    await expectGrpcError(client.scheduleQuestion({ id: draft.id, publishAt: undefined }, admin()), grpc.status.INVALID_ARGUMENT);
    await expectGrpcError(client.scheduleQuestion({ id: draft.id, publishAt: new Date(Date.now() + 60_000) }, { actor: { ...admin().actor, isAdmin: false } }), grpc.status.PERMISSION_DENIED);
    await svc.stop();
  });

  it('unscheduling prevents it, and so does archiving; a reschedule moves it', async () => {
    const h = harness();
    const svc = await h.start({ env: POLL });
    const client = h.client(svc);
    const draft = (await client.createQuestion(newQuestion(), admin())).question!;
    await client.scheduleQuestion({ id: draft.id, publishAt: new Date(Date.now() + 60_000) }, admin());
    const later = new Date(Date.now() + 120_000);
    expect((await client.scheduleQuestion({ id: draft.id, publishAt: later }, admin())).question!.scheduledFor).toEqual(later);
    await client.scheduleQuestion({ id: draft.id, publishAt: new Date(Date.now() + 800) }, admin());
    expect((await client.unscheduleQuestion({ id: draft.id }, admin())).question!.scheduledFor).toBeUndefined();
    // Archiving a scheduled draft takes its schedule away too.
    const archived = (await client.createQuestion(newQuestion(), admin())).question!;
    await client.scheduleQuestion({ id: archived.id, publishAt: new Date(Date.now() + 800) }, admin());
    expect((await client.archiveQuestion({ id: archived.id }, admin())).question!.scheduledFor).toBeUndefined();
    await sleep(1_500); // past the times they had
    expect((await client.getQuestion({ id: draft.id }, admin())).question!.isPublished).toBe(false);
    expect(await publishedEvents(h, draft.id)).toHaveLength(0);
    expect(await publishedEvents(h, archived.id)).toHaveLength(0);
    await svc.stop();
  });

  it('after a restart across its time it publishes once', async () => {
    const h = harness();
    const first = await h.start({ env: POLL });
    const draft = (await h.client(first).createQuestion(newQuestion(), admin())).question!;
    const publishAt = new Date(Date.now() + 1_000);
    await h.client(first).scheduleQuestion({ id: draft.id, publishAt }, admin());
    await first.stop();
    await sleep(Math.max(0, publishAt.getTime() - Date.now()) + 300); // down while its time passes
    const second = await h.start({ env: POLL });
    await eventually(async () => (await h.client(second).getQuestion({ id: draft.id }, admin())).question!.isPublished, 10_000);
    await sleep(300);
    expect(await publishedEvents(h, draft.id)).toHaveLength(1);
    await second.stop();
  });
});

describe('on an injected clock: the SAST day decides', () => {
  const harness = freshHarness();
  const clock = manualClock('2026-12-01T20:00:00.000Z'); // 22:00 SAST

  it('missed past the SAST day: stays a draft, marked missed, audited; rescheduling clears the mark', async () => {
    const h = harness();
    const svc = await h.start({ clock: clock.now, env: POLL });
    const client = h.client(svc);
    const draft = (await client.createQuestion(newQuestion(), admin())).question!;
    const publishAt = new Date('2026-12-01T21:30:00.000Z'); // 23:30 SAST on 1 December
    await client.scheduleQuestion({ id: draft.id, publishAt }, admin());
    clock.set('2026-12-01T22:10:00.000Z'); // 00:10 SAST on 2 December: the service "comes back" the next day
    const missed = await eventually(async () => {
      const q = (await client.getQuestion({ id: draft.id }, admin())).question!;
      return q.scheduleMissedAt ? q : undefined;
    });
    expect(missed).toMatchObject({ isPublished: false, scheduledFor: publishAt, scheduleMissedAt: new Date('2026-12-01T22:10:00.000Z') });
    expect(await publishedEvents(h, draft.id)).toHaveLength(0);
    const record = (await h.auditEvents()).map(audit).find((r) => r.targetId === draft.id && r.action === 'question.schedule.missed');
    expect(record).toMatchObject({ outcome: 'failure', detail: 'Scheduled for 2026-12-01T21:30:00.000Z; missed by 40 min, past its SAST day: left as a draft' });
    const metrics = await fetch(`http://127.0.0.1:${svc.metricsPort}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/questions_schedule_missed_total\{service="questions"\} 1/);
    expect(metrics).toMatch(/questions_schedule_missed_drafts\{service="questions"\} 1/);

    const again = (await client.scheduleQuestion({ id: draft.id, publishAt: new Date('2026-12-02T11:00:00.000Z') }, admin())).question!;
    expect(again.scheduleMissedAt).toBeUndefined();
    await svc.stop();
  });

  it('late but on its SAST day: publishes, and the audit log says how late', async () => {
    const h = harness();
    clock.set('2026-12-03T06:00:00.000Z');
    const svc = await h.start({ clock: clock.now, env: POLL });
    const client = h.client(svc);
    const draft = (await client.createQuestion(newQuestion(), admin())).question!;
    await client.scheduleQuestion({ id: draft.id, publishAt: new Date('2026-12-03T11:00:00.000Z') }, admin());
    clock.set('2026-12-03T21:59:59.000Z'); // 23:59:59 SAST, the same day
    await eventually(async () => (await client.getQuestion({ id: draft.id }, admin())).question!.isPublished);
    const record = (await h.auditEvents()).map(audit).find((r) => r.targetId === draft.id && r.action === 'question.publish.scheduled');
    expect(record?.detail).toBe('Scheduled for 2026-12-03T11:00:00.000Z; published 10 h 59 min 59 s late');
    expect(await publishedEvents(h, draft.id)).toHaveLength(1);
    await svc.stop();
  });
});

describe('the due rule: domain and SQL agree', () => {
  const harness = freshHarness();

  it('claimDue selects exactly the rows isDue accepts, at one injected instant', async () => {
    const h = harness();
    // Polling every 10 minutes: after its first pass at start the scheduler leaves these rows alone.
    const svc = await h.start({ env: { SCHEDULE_POLL_MS: '600000' } });
    const now = new Date('2026-12-01T12:00:00.000Z');
    const at = (iso: string) => new Date(iso);
    const states: Array<Record<string, unknown>> = [
      { scheduledFor: at('2026-12-01T11:59:59.999Z') },
      { scheduledFor: now },
      { scheduledFor: at('2026-12-01T12:00:00.001Z') },
      { scheduledFor: at('2026-11-20T12:00:00.000Z') },
      { scheduledFor: at('2026-12-01T11:00:00.000Z'), isPublished: true },
      { scheduledFor: at('2026-12-01T11:00:00.000Z'), isArchived: true },
      { scheduledFor: at('2026-12-01T11:00:00.000Z'), scheduleMissedAt: at('2026-12-01T11:30:00.000Z') },
      { scheduledFor: null },
    ];
    const rows = [];
    for (const state of states) {
      const id = (await h.client(svc).createQuestion(newQuestion(), admin())).question!.id;
      rows.push(await updateQuestion(svc.ctx.db, id, { scheduleMissedAt: null, isPublished: false, isArchived: false, ...state }));
    }
    const claimed = await svc.ctx.db.transaction((tx) => claimDue(tx, now, 100));
    const expected = rows.filter((r) => isDue(r, now)).map((r) => r.id);
    expect(expected).toHaveLength(3);
    expect(claimed.map((r) => r.id).sort()).toEqual(expected.sort());
    await svc.stop();
  });
});
