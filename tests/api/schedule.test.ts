import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, manualClock, serviceTestEnv, sleep, testStreams, type StreamEvent } from '@mzansi/kit/testing';
import { start as startQuestions } from '../../services/questions/src/main.js';
import { browserKeys, decryptPush, fakePushService, mailFiles, type FakePush } from '../support/outside-world.js';
import { postQuestion, signInAdmin, signUp, startGatewayForTest, startServicesForTest, uname, until, type Browser } from './helpers.js';
import { LiveClient, wsUrl, type LiveMessage } from './live-helpers.js';

/**
 * Scheduled publishing end to end: PUT/DELETE /api/admin/questions/{id}/schedule through the gateway, two questions
 * replicas on one database both polling, the live channel as a browser sees it, and a player's browser push (a fake
 * push service) and mailbox (the notification service's mail folder). The question publishes by itself exactly once
 * (one questions.question.published event, one new-question per socket, one push, one e-mail), also when every
 * replica was down across its time; unscheduling prevents it. On an injected clock, a schedule found past its SAST day stays a
 * draft marked missed.
 */
const PUBLIC_URL = 'http://localhost:5173';
const POLL = { SCHEDULE_POLL_MS: '200' };
const isNewQuestion = (id: string) => (m: LiveMessage) => m.type === 'new-question' && m.question?.id === id;
const publishedOf = (id: string) => (e: StreamEvent) =>
  e.envelope.type === 'questions.question.published' && (e.envelope.data as { question?: { id: string } }).question?.id === id;

async function draft(adminB: Browser, text: string): Promise<string> {
  return (await postQuestion(adminB, { text })).json.id as string;
}

describe('a scheduled question, two questions replicas', () => {
  let system: Awaited<ReturnType<typeof startServicesForTest>>;
  let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
  let adminB: Browser;
  let streams: ReturnType<typeof testStreams>;
  let socket: LiveClient;
  const extra: { stop(): Promise<void> }[] = [];
  const replica = async (env: Record<string, string> = {}) => {
    const r = await startQuestions(serviceTestEnv(system.databaseUrls.questions!, system.ns, { ...POLL, ...env }));
    extra.push(r);
    return r;
  };
  const publishedEvents = async (id: string) => (await streams.read('questions')).filter(publishedOf(id));
  let mailDir: string;
  let push: FakePush;
  let reader: { email: string; endpoint: string; keys: ReturnType<typeof browserKeys> };
  const mailsTo = async (to: string) =>
    (await mailFiles(mailDir)).filter((m) => m.to.includes(to)).map((m) => m.text.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  /** What the reader's browser and mailbox got about `text`: the pushes (decrypted) and the mails. */
  const alertsAbout = async (text: string) => ({
    pushes: push.received.filter((r) => r.path === new URL(reader.endpoint).pathname && JSON.stringify(decryptPush(r.body, reader.keys)).includes(text)).length,
    mails: (await mailsTo(reader.email)).filter((m) => m.includes(text)).length,
  });

  beforeAll(async () => {
    mailDir = await mkdtemp(join(tmpdir(), 'schedule-mail-'));
    push = await fakePushService();
    system = await startServicesForTest({ questions: POLL, notification: { PUBLIC_URL, MAIL_DIR: mailDir, PUSH_DEV_ORIGIN: push.origin } });
    await replica();
    gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_URL, PUSH_DEV_ORIGIN: push.origin });
    adminB = await signInAdmin(gw);
    streams = testStreams(system.ns);
    socket = await new LiveClient(wsUrl(gw.base), { origin: PUBLIC_URL, reconnectMs: 300 }).open();

    // A player with a browser subscribed to pushes and a verified address.
    const b = gw.browser();
    const u = await signUp(b, uname('reader'));
    const keys = browserKeys();
    const endpoint = push.endpoint(`reader-${u.id.slice(0, 8)}`);
    expect((await b.post('/api/notifications/subscribe', { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } })).status).toBe(201);
    const email = `reader-${u.id.slice(0, 8)}@example.co.za`;
    expect((await b.patch(`/api/users/${u.id}`, { email })).status).toBe(200);
    await eventually(async () => (await mailsTo(email)).some((m) => /verify-email\?token=/.test(m)), 15_000, 50);
    const token = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec((await mailsTo(email)).find((m) => /verify-email/.test(m))!)![1]!;
    expect((await gw.browser().post('/api/auth/verify-email', { token })).status).toBe(200);
    const contact = 'SELECT 1 FROM contacts WHERE user_id = $1 AND email_verified';
    await eventually(async () => (await system.notification!.ctx.pool.query(contact, [u.id])).rowCount === 1, 10_000, 25);
    reader = { email, endpoint, keys };
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    await streams?.close();
    await gw?.stop().catch(() => undefined);
    await Promise.allSettled(extra.map((r) => r.stop()));
    await system?.cleanup();
    await push?.close();
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  it('publishes by itself ~5 s later, exactly once, with its date set to the time', async () => {
    const id = await draft(adminB, 'Will the scheduled question go out by itself');
    const publishAt = new Date(Date.now() + 5_000).toISOString();
    const scheduled = await adminB.put(`/api/admin/questions/${id}/schedule`, { publishAt });
    expect(scheduled.status, scheduled.text).toBe(200);
    expect(scheduled.json).toMatchObject({ id, isPublished: false, scheduledFor: publishAt, date: publishAt, scheduleMissedAt: null });
    const drafts = (await adminB.get('/api/admin/drafts')).json as { id: string; scheduledFor: string | null }[];
    expect(drafts.find((q) => q.id === id)?.scheduledFor).toBe(publishAt);

    const message = await socket.next(isNewQuestion(id), 12_000);
    expect(message.at).toBeGreaterThanOrEqual(Date.parse(publishAt));
    const text = 'Will the scheduled question go out by itself';
    await eventually(async () => (await alertsAbout(text)).mails > 0, 15_000, 50);
    await sleep(1_000); // both replicas poll several more times
    expect(socket.messages.filter(isNewQuestion(id))).toHaveLength(1);
    expect(await publishedEvents(id)).toHaveLength(1);
    expect(await alertsAbout(text)).toEqual({ pushes: 1, mails: 1 });
    const all = (await adminB.get('/api/admin/questions')).json as { id: string; isPublished: boolean; scheduledFor: string | null }[];
    expect(all.find((q) => q.id === id)).toMatchObject({ isPublished: true, scheduledFor: null });
    const today = (await adminB.get('/api/questions/today')).json as { id: string }[];
    expect(today.map((q) => q.id)).toContain(id);
    // The audit log (identity's, through questions.audit.recorded): the publish as the scheduling admin's, and how late.
    const audit = await until(async () => {
      const entries = (await adminB.get('/api/admin/audit')).json.entries as { action: string; target: { id: string }; actor: { username: string | null }; detail: string | null }[];
      return entries.find((e) => e.action === 'question.publish.scheduled' && e.target.id === id);
    }, 10_000);
    expect(audit).toMatchObject({ actor: { username: 'admin' }, detail: expect.stringMatching(/^Scheduled for .*; published \d+ s late$/) });

    // Published: no more scheduling.
    const again = await adminB.put(`/api/admin/questions/${id}/schedule`, { publishAt: new Date(Date.now() + 60_000).toISOString() });
    expect(again.status, again.text).toBe(409);
    expect((await adminB.req('DELETE', `/api/admin/questions/${id}/schedule`)).status).toBe(409);
  });

  it('400 for a time in the past or no time at all; 404 for no such question', async () => {
    const id = await draft(adminB, 'Will a past schedule be refused');
    const past = await adminB.put(`/api/admin/questions/${id}/schedule`, { publishAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status, past.text).toBe(400);
    expect(past.json.message).toBe('The publish time must be in the future');
    for (const body of [{}, { publishAt: 'tomorrow at one' }, { publishAt: 13 }, { publishAt: '2026-12-01T13:00:00Z', extra: 1 }]) {
      const res = await adminB.put(`/api/admin/questions/${id}/schedule`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await adminB.put('/api/admin/questions/00000000-0000-4000-8000-000000000000/schedule', { publishAt: new Date(Date.now() + 60_000).toISOString() });
    expect(missing.status).toBe(404);
  });

  it('unscheduling prevents it', async () => {
    const id = await draft(adminB, 'Will an unscheduled question stay a draft');
    const publishAt = new Date(Date.now() + 1_500).toISOString();
    expect((await adminB.put(`/api/admin/questions/${id}/schedule`, { publishAt })).status).toBe(200);
    const unscheduled = await adminB.req('DELETE', `/api/admin/questions/${id}/schedule`);
    expect(unscheduled.status, unscheduled.text).toBe(200);
    expect(unscheduled.json).toMatchObject({ scheduledFor: null, isPublished: false });
    await sleep(2_500); // past the time it had: nothing happens
    expect(socket.messages.filter(isNewQuestion(id))).toHaveLength(0);
    expect(await publishedEvents(id)).toHaveLength(0);
    expect(await alertsAbout('Will an unscheduled question stay a draft')).toEqual({ pushes: 0, mails: 0 });
  });

  it('every replica down across its time: the one that comes back publishes it, once', async () => {
    const id = await draft(adminB, 'Will the schedule survive a restart');
    const publishAt = Date.now() + 2_000;
    expect((await adminB.put(`/api/admin/questions/${id}/schedule`, { publishAt: new Date(publishAt).toISOString() })).status).toBe(200);
    const port = system.questions.grpcPort;
    await Promise.all([system.questions.stop(), ...extra.map((r) => r.stop())]);
    await sleep(publishAt + 500 - Date.now());
    expect(await publishedEvents(id)).toHaveLength(0);
    await replica({ GRPC_PORT: String(port) }); // where the gateway looks for it
    await socket.next(isNewQuestion(id), 10_000);
    await eventually(async () => (await alertsAbout('Will the schedule survive a restart')).mails > 0, 15_000, 50);
    await sleep(800);
    expect(socket.messages.filter(isNewQuestion(id))).toHaveLength(1);
    expect(await publishedEvents(id)).toHaveLength(1);
    expect(await alertsAbout('Will the schedule survive a restart')).toEqual({ pushes: 1, mails: 1 });
    await eventually(async () => ((await adminB.get('/api/admin/questions')).json as { id: string; isPublished: boolean }[]).find((q) => q.id === id)?.isPublished, 10_000);
  });
});

describe('a schedule missed past its SAST day (injected clock)', () => {
  const clock = manualClock(new Date(Date.now() + 3_600_000));
  let system: Awaited<ReturnType<typeof startServicesForTest>>;
  let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
  let adminB: Browser;

  beforeAll(async () => {
    // 23:00 SAST the day after tomorrow: in the future for everyone but the questions service's own clock.
    const base = new Date(Date.now() + 2 * 86_400_000);
    clock.set(`${base.toISOString().slice(0, 10)}T21:00:00.000Z`);
    system = await startServicesForTest({ clock: clock.now, questions: POLL });
    gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_URL });
    adminB = await signInAdmin(gw);
  });

  afterAll(async () => {
    await gw?.stop().catch(() => undefined);
    await system?.cleanup();
  });

  it('stays a draft, marked missed; a new time takes the mark away', async () => {
    const id = await draft(adminB, 'Will a missed schedule stay a draft');
    const day = clock.current.toISOString().slice(0, 10);
    const publishAt = `${day}T21:30:00.000Z`; // 23:30 SAST
    expect((await adminB.put(`/api/admin/questions/${id}/schedule`, { publishAt })).status).toBe(200);
    clock.set(`${day}T22:05:00.000Z`); // 00:05 SAST the next day, as if the service had been down since 23:00
    const missed = await eventually(async () => {
      const drafts = (await adminB.get('/api/admin/drafts')).json as { id: string; scheduleMissedAt: string | null }[];
      return drafts.find((q) => q.id === id && q.scheduleMissedAt);
    }, 10_000);
    expect(missed).toMatchObject({ isPublished: false, scheduledFor: publishAt, scheduleMissedAt: `${day}T22:05:00.000Z` });
    const moved = await adminB.put(`/api/admin/questions/${id}/schedule`, { publishAt: `${day}T23:00:00.000Z` });
    expect(moved.json).toMatchObject({ scheduleMissedAt: null, scheduledFor: `${day}T23:00:00.000Z` });
  });
});
