import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@mzansi/kit/testing';
import { expectCleanError, resolveBody, signInAdmin, signUp, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';

/**
 * Resolution criteria and close times through the API: POST /api/admin/questions takes them, PATCH
 * /api/admin/questions/{id} changes them (drafts and published questions; a published close only later, never into
 * the past; resolved and archived refuse), every list shows `resolutionCriteria`, `closesAt` and `isClosed`; at and
 * after the close an answer is a 409 "Answering closed at HH:MM" (SAST, coded voteClosedAt with its numbers). Questions
 * and voting run on one injected clock; PUBLIC_CACHE_MS=0 so each read shows the current state.
 */
const clock = manualClock(Date.now());
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
let anon: Browser;

beforeAll(async () => {
  system = await startServicesForTest({ clock: clock.now });
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_CACHE_MS: '0' });
  adminB = await signInAdmin(gw);
  anon = gw.browser();
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** The SAST wall clock of an instant, "HH:MM". */
const sast = (ms: number) => new Date(ms + 2 * HOUR).toISOString().slice(11, 16);
const CRITERIA = 'Resolves YES if Eskom announces stage 0 on its website before the end of the day.';

const question = (extra: Record<string, unknown> = {}) => ({
  text: `Will load-shedding stop today ${randomUUID().slice(0, 6)}`,
  date: iso(clock.current.getTime()),
  options: [
    { id: 'yes', text: 'Yes' },
    { id: 'no', text: 'No' },
  ],
  ...extra,
});

async function create(extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await adminB.post('/api/admin/questions', question(extra));
  expect(res.status, res.text).toBe(201);
  return res.json;
}

async function published(extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const q = await create(extra);
  const res = await adminB.post(`/api/admin/questions/${q.id}/publish`);
  expect(res.status, res.text).toBe(200);
  await system.projected(q.id as string);
  return res.json;
}

const inList = async (b: Browser, path: string, id: string) => ((await b.get(path)).json as { id: string }[]).find((q) => q.id === id) as Record<string, any>;
const patch = (id: string, body: unknown, b = adminB) => b.patch(`/api/admin/questions/${id}`, body);

describe('create with resolution criteria and a close time', () => {
  it('keeps them, shows them in every list, and refuses bad ones with a 400 before anything is made', async () => {
    const closesAt = iso(clock.current.getTime() + 2 * HOUR);
    const q = await create({ resolutionCriteria: `  ${CRITERIA}  `, closesAt, translations: { zu: { text: 'Ingabe ukucishwa kukagesi kuzoma namuhla', resolutionCriteria: 'Kuyaphela uma u-Eskom ememezela.' } } });
    expect(q).toMatchObject({ resolutionCriteria: CRITERIA, closesAt, isClosed: false });
    expect(q.translations.zu).toEqual({ text: 'Ingabe ukucishwa kukagesi kuzoma namuhla', context: null, options: {}, resolutionCriteria: 'Kuyaphela uma u-Eskom ememezela.' });
    expect((await create()).resolutionCriteria).toBeNull();
    await adminB.post(`/api/admin/questions/${q.id}/publish`);
    for (const path of ['/api/questions/today', '/api/questions/public', '/api/admin/questions']) {
      expect(await inList(path === '/api/admin/questions' ? adminB : anon, path, q.id), path).toMatchObject({ resolutionCriteria: CRITERIA, closesAt, isClosed: false });
    }

    const before = (await adminB.get('/api/admin/questions')).json.length;
    const bad: [Record<string, unknown>, string | RegExp][] = [
      [{ closesAt: iso(clock.current.getTime() - 60_000) }, 'Answering must close after the question’s publish time'],
      [{ date: iso(clock.current.getTime() - 2 * HOUR), closesAt: iso(clock.current.getTime() - HOUR) }, 'The close time must be in the future'],
      [{ closesAt: 'tomorrow at six' }, /close time must be a valid date/],
      [{ closesAt: 1234 }, /./],
      [{ resolutionCriteria: 'x'.repeat(1001) }, 'Resolution criteria must be at most 1000 characters'],
      [{ resolutionCriteria: 'Resolves \u202EON if' }, /cannot contain characters that change the text direction/],
      [{ translations: { af: { text: 'Vraag', resolutionCriteria: 'x'.repeat(1001) } } }, /./],
    ];
    for (const [extra, message] of bad) expectCleanError(await adminB.post('/api/admin/questions', question(extra)), 400, message);
    expect((await adminB.get('/api/admin/questions')).json).toHaveLength(before);
  });
});

describe('answering closes at the close time', () => {
  it('is taken up to the close, refused at and after it with its SAST time, and the question shows as closed', async () => {
    const base = clock.current.getTime();
    const closesAt = base + 90 * 60_000;
    const q = await published({ closesAt: iso(closesAt), resolutionCriteria: CRITERIA });
    const b = gw.browser();
    const me = await signUp(b, uname('closer'));
    const late = gw.browser();
    const other = await signUp(late, uname('late'));

    clock.set(closesAt - 1);
    expect((await b.post('/api/answers', { userId: me.id, questionId: q.id, optionId: 'yes' })).status).toBe(201);
    // The public list, not today's: 90 minutes on may be tomorrow in SAST (a run after 22:30 SAST).
    expect((await inList(anon, '/api/questions/public', q.id)).isClosed).toBe(false);
    clock.set(closesAt);
    for (const at of [closesAt, closesAt + 60_000]) {
      clock.set(at);
      const refused = await late.post('/api/answers', { userId: other.id, questionId: q.id, optionId: 'no' });
      expectCleanError(refused, 409, `Answering closed at ${sast(closesAt)}`);
      const [hour, minute] = sast(closesAt).split(':').map(Number);
      expect(refused.json).toEqual({ message: `Answering closed at ${sast(closesAt)}`, code: 'voteClosedAt', params: { hour, minute } });
    }
    expect(await inList(anon, '/api/questions/public', q.id)).toMatchObject({ isClosed: true, closesAt: iso(closesAt), resolutionCriteria: CRITERIA });
    // The one who answered in time still gets their answer back; the results keep the one vote.
    expect((await b.post('/api/answers', { userId: me.id, questionId: q.id, optionId: 'yes' })).status).toBe(200);
    expect((await anon.get(`/api/questions/${q.id}/public-results`)).json.totalVotes).toBe(1);
    clock.set(base);
  });
});

describe('PATCH /api/admin/questions/{id}', () => {
  it('a draft: criteria and close time change or go; the close must come after its date (and schedule) and be ahead', async () => {
    const q = await create();
    const closesAt = iso(clock.current.getTime() + 3 * HOUR);
    const res = await patch(q.id, { resolutionCriteria: ' By the Eskom notice. ', closesAt });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ resolutionCriteria: 'By the Eskom notice.', closesAt, isClosed: false, isPublished: false });
    expectCleanError(await patch(q.id, { closesAt: iso(clock.current.getTime() - 1000) }), 400, 'Answering must close after the question’s publish time');
    const schedule = await adminB.put(`/api/admin/questions/${q.id}/schedule`, { publishAt: iso(clock.current.getTime() + 4 * HOUR) });
    expectCleanError(schedule, 400, 'The publish time must be before the close time');
    expect((await patch(q.id, { resolutionCriteria: null, closesAt: null })).json).toMatchObject({ resolutionCriteria: null, closesAt: null });
  });

  it('a published question: the close moves later (voting follows) or goes, never earlier or into the past', async () => {
    const base = clock.current.getTime();
    const q = await published({ closesAt: iso(base + HOUR) });
    const b = gw.browser();
    const me = await signUp(b, uname('reopen'));
    clock.set(base + HOUR + 60_000);
    expectCleanError(await b.post('/api/answers', { userId: me.id, questionId: q.id, optionId: 'yes' }), 409, `Answering closed at ${sast(base + HOUR)}`);
    expectCleanError(await patch(q.id, { closesAt: iso(base + 30 * 60_000) }), 400, 'A published question’s close time can only move later');
    expectCleanError(await patch(q.id, { closesAt: iso(base + HOUR + 30_000) }), 400, 'The close time must be in the future');
    const later = iso(base + 3 * HOUR);
    const moved = await patch(q.id, { closesAt: later });
    expect(moved.json).toMatchObject({ closesAt: later, isClosed: false });
    await system.projected(q.id, (row) => row?.closes_at?.toISOString() === later);
    expect((await b.post('/api/answers', { userId: me.id, questionId: q.id, optionId: 'yes' })).status).toBe(201);
    expect((await patch(q.id, { closesAt: null })).json).toMatchObject({ closesAt: null, isClosed: false });
    await system.projected(q.id, (row) => row?.closes_at === null);
    clock.set(base);
  });

  it('refuses a resolved or archived question (409), bad bodies (400), non-admins, unknown ids; unnamed fields are ignored', async () => {
    const q = await published();
    expect((await adminB.put(`/api/admin/questions/${q.id}/resolve`, resolveBody('yes'))).status).toBe(200);
    expectCleanError(await patch(q.id, { resolutionCriteria: 'Too late' }), 409, 'A resolved question’s criteria and close time can no longer change');
    const draft = await create();
    expect((await adminB.put(`/api/admin/questions/${draft.id}/archive`)).status).toBe(200);
    expectCleanError(await patch(draft.id, { closesAt: null }), 409, 'An archived question cannot be changed');

    const other = await create();
    for (const body of [{}, { resolutionCriteria: 42 }, { closesAt: 'soon' }, { resolutionCriteria: 'x'.repeat(1001) }, { resolutionCriteria: 'Z\u0336\u0327\u0300algo' }]) {
      expectCleanError(await patch(other.id, body), 400);
    }
    const user = gw.browser();
    await signUp(user, uname('nosy'));
    expectCleanError(await patch(other.id, { resolutionCriteria: 'Mine now' }, user), 403);
    expectCleanError(await patch(other.id, { resolutionCriteria: 'Mine now' }, gw.browser()), 401);
    expectCleanError(await patch(randomUUID(), { resolutionCriteria: 'Nobody' }), 404);
    const ignored = await patch(other.id, { resolutionCriteria: 'Named', isPublished: true, isResolved: true, closesAt: undefined });
    expect(ignored.json).toMatchObject({ resolutionCriteria: 'Named', isPublished: false, isResolved: false });
    expect(await inList(adminB, '/api/admin/drafts', other.id)).toMatchObject({ resolutionCriteria: 'Named', isPublished: false });
  });
});
