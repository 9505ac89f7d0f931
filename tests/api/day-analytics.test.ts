import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sleep } from '@mzansi/kit/testing';
import { addDays, sastDate, sastDayBounds } from '@mzansi/kit/base';
import { browserKeys, decryptPush, fakePushService, type FakePush } from '../support/outside-world.js';
import { createQuestionAs, expectCleanError, signInAdmin, signUp, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';

/**
 * How the day went (GET /api/admin/analytics/day) end to end: the real services on fresh databases, a gateway, a
 * fake push service. The test makes players, predictions, comments, a report and a push click, and the answer must be
 * exactly that. Times are the real clock's (every service stamps its own rows), so each expectation is worked out from
 * the times the API gave back, in SAST (UTC+2).
 */
const PUBLIC_URL = 'http://localhost:5173';
let mailDir: string;
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let push: FakePush;
let admin: Browser;
const keys = browserKeys();
const endpoint = () => `${push.origin}/push/day-analytics`;
const sastHour = (iso: string) => new Date(Date.parse(iso) + 2 * 3600_000).getUTCHours();

interface Player {
  id: string;
  b: Browser;
}
let p1: Player;
let p2: Player;
let p3: Player;
const questions: string[] = [];
const answeredAt: string[] = [];
let notificationIds: string[] = [];

async function player(stem: string): Promise<Player> {
  const b = gw.browser();
  return { id: (await signUp(b, uname(stem))).id, b };
}

async function answer(p: Player, questionId: string, optionId = 'yes') {
  const res = await p.b.post('/api/answers', { questionId, optionId });
  expect(res.status, res.text).toBe(201);
  answeredAt.push(res.json.submittedAt as string);
}

beforeAll(async () => {
  // Everything below happens within a minute: started close to SAST midnight, it waits for the new day, so that every
  // row the test makes is today's (each service stamps its rows with its own clock).
  const toMidnight = sastDayBounds(new Date()).end.getTime() - Date.now();
  if (toMidnight < 120_000) await sleep(toMidnight + 1_000);
  mailDir = await mkdtemp(join(tmpdir(), 'day-analytics-mail-'));
  push = await fakePushService();
  system = await startServicesForTest({ notification: { PUBLIC_URL, MAIL_DIR: mailDir, PUSH_DEV_ORIGIN: push.origin } });
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_URL, PUSH_DEV_ORIGIN: push.origin, RATE_PUSH_CLICKS_PER_MIN: '6' });
  admin = await signInAdmin(gw);
  [p1, p2, p3] = [await player('day_p1'), await player('day_p2'), await player('day_p3')];
  // P1's browser takes pushes: every question published below reaches it.
  const sub = await p1.b.post('/api/notifications/subscribe', { endpoint: endpoint(), keys: { p256dh: keys.p256dh, auth: keys.auth } });
  expect(sub.status, sub.text).toBe(201);
  for (const text of ['Will the day analytics count this', 'Will the second one count too']) {
    const id = await createQuestionAs(admin, `${text} ${uname('q')}`);
    await system.projected(id);
    questions.push(id);
  }
  await answer(p1, questions[0]!);
  await answer(p1, questions[1]!, 'no');
  await answer(p2, questions[0]!);
  const comment = await p1.b.post(`/api/questions/${questions[0]}/comments`, { content: 'It will count' });
  expect(comment.status, comment.text).toBe(201);
  const reply = await p2.b.post(`/api/questions/${questions[0]}/comments`, { content: 'It will not', parentId: comment.json.id });
  expect(reply.status, reply.text).toBe(201);
  const report = await p2.b.post(`/api/comments/${comment.json.id}/reports`, { reason: 'spam' });
  expect(report.status, report.text).toBeLessThan(300);
  // Three pushes reach P1: the two questions and P2's reply. Their payloads carry the notifications' ids.
  await eventually(() => push.received.filter((r) => r.path === '/push/day-analytics').length === 3, 30_000);
  notificationIds = push.received.map((r) => (decryptPush(r.body, keys) as { id: string }).id);
}, 240_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
  await push?.close();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe('POST /api/notifications/push-clicks', () => {
  it('counts the first click of a person the notification was sent to; a repeat, a stranger and bad ids change nothing', async () => {
    expect(new Set(notificationIds).size).toBe(3);
    for (const id of notificationIds) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const first = await p1.b.post('/api/notifications/push-clicks', { id: notificationIds[0] });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ success: true, counted: true });
    // Again (a second device, a retry), and with someone else's id in the body (ignored: the click is P1's).
    expect((await p1.b.post('/api/notifications/push-clicks', { id: notificationIds[0], userId: p2.id })).json).toEqual({ success: true, counted: false });
    // P2 was never sent it.
    expectCleanError(await p2.b.post('/api/notifications/push-clicks', { id: notificationIds[0] }), 404, 'Notification not found');
    for (const body of [{ id: 'not-a-uuid' }, { id: 12 }, {}, { id: `${notificationIds[0]}x` }]) expectCleanError(await p1.b.post('/api/notifications/push-clicks', body), 400);
    expectCleanError(await gw.browser().post('/api/notifications/push-clicks', { id: notificationIds[0] }), 401);
  });

  it('is budgeted per person: past the budget a minute, 429 with Retry-After, and nothing is counted', async () => {
    // The budget is 6 a minute (this gateway's RATE_PUSH_CLICKS_PER_MIN); the test above spent 2 of P1's (bad ids spend none).
    const counted = [];
    for (let i = 0; i < 4; i++) counted.push((await p1.b.post('/api/notifications/push-clicks', { id: notificationIds[1] })).json.counted);
    expect(counted).toEqual([true, false, false, false]);
    const over = await p1.b.post('/api/notifications/push-clicks', { id: notificationIds[1] });
    expectCleanError(over, 429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // P3's budget is their own.
    expectCleanError(await p3.b.post('/api/notifications/push-clicks', { id: notificationIds[1] }), 404);
  });
});

describe('GET /api/admin/analytics/day', () => {
  it('is for admins: 401 signed out, 403 for a player', async () => {
    expectCleanError(await gw.browser().get('/api/admin/analytics/day'), 401);
    expectCleanError(await p1.b.get('/api/admin/analytics/day'), 403);
  });

  it('shows exactly what the test made: predictions by hour, players, sign-ups, comments, reports, pushes, clicks, questions', async () => {
    const res = await admin.get('/api/admin/analytics/day');
    expect(res.status, res.text).toBe(200);
    const a = res.json;
    expect(a.timeZone).toBe('Africa/Johannesburg');
    expect(a.days).toHaveLength(15);
    expect(a.firstDay).toBe(addDays(a.today, -14));
    const today = a.today as string;
    // Each prediction in the SAST hour of the time the API gave back for it.
    const onDay = (day: string) => answeredAt.filter((t) => sastDate(new Date(t)) === day);
    const expectedHours = Array.from({ length: 24 }, (_, h) => onDay(today).filter((t) => sastHour(t) === h).length);
    expect(a.hours.map((h: { today: number }) => h.today)).toEqual(expectedHours);
    expect(a.hours.every((h: { typical: number }) => h.typical === 0)).toBe(true);
    const day = a.days.find((d: { day: string }) => d.day === today);
    const yesterday = addDays(today, -1);
    expect(onDay(today)).toHaveLength(3);
    expect(day).toEqual({
      day: today,
      answers: 3,
      players: 2,
      newPlayers: 2,
      returningPlayers: 0,
      // The three players and the admin account identity made when it started.
      signups: 4,
      // A comment and its reply; P2's report.
      comments: 2,
      reports: 1,
      // The two questions' pushes and the reply's, all to P1's browser; P1 clicked two of them (the repeats count once).
      push: { sent: 3, failed: 0, clicks: 2 },
      // Nobody has a verified address.
      email: { sent: 0, failed: 0 },
    });
    // Nothing on any other day.
    for (const d of a.days.filter((d: { day: string }) => d.day !== today)) {
      expect(d).toEqual({ day: d.day, answers: 0, players: 0, newPlayers: 0, returningPlayers: 0, signups: 0, comments: 0, reports: 0, push: { sent: 0, failed: 0, clicks: 0 }, email: { sent: 0, failed: 0 } });
    }
    // Retention: one row per day before today; nobody was new before today, so no shares; yesterday's day 1 is today (so far).
    expect(a.retention).toHaveLength(14);
    expect(a.retention.at(-1)).toEqual({ day: yesterday, newPlayers: 0, day1: { returned: 0, rate: null, complete: false }, day7: null });
    expect(a.retention[0]).toEqual({ day: a.firstDay, newPlayers: 0, day1: { returned: 0, rate: null, complete: true }, day7: { returned: 0, rate: null, complete: true } });
    // Three predictions on the two questions published today, from players without a province: nothing below the nation.
    expect(a.provinces).toEqual({ national: 3, shown: [], notShown: 3 });
    expect(a.topQuestions.map((q: { id: string; answers: number }) => [q.id, q.answers])).toEqual([
      [questions[0], 2],
      [questions[1], 1],
    ]);
    expect(a.topQuestions[0].text).toMatch(/^Will the day analytics count this/);
  });

  it('keeps the totals of GET /api/admin/analytics beside it', async () => {
    const totals = await admin.get('/api/admin/analytics');
    expect(totals.status, totals.text).toBe(200);
    expect(totals.json).toMatchObject({ users: { total: 4, newThisWeek: 4 }, answersToday: 3 });
  });
});
