// Correcting a resolution once within 24 hours, end to end: voting recomputes scores, accuracy, rank and calibration
// (two players who answered differently swap places), the share page and its image refresh at once, the players who
// answered get a `resolution-corrected` inbox item (others do not), the audit log keeps both; after 24 hours, or a
// second time, it is refused. Questions (the 24-hour rule) and notification (whose inbox lists up to its now) run on
// one injected clock that starts at the real time; voting and identity keep the real clock, so that the answers, the
// month they count in and the accounts' join dates are all of today.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@mzansi/kit/testing';
import { createQuestionAs, expectCleanError, PUBLIC_URL, RESOLUTION_SOURCE, resolveBody, signInAdmin, startGatewayForTest, startServicesForTest, uname, until, type Browser } from './helpers.js';
import { builtWebDist } from './web-dist.js';
import { answer, newUser, type User } from './social-helpers.js';
import { LiveClient, wsUrl } from './live-helpers.js';

let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let admin: Browser;
let thandi: User;
let sipho: User;
let lerato: User;
const clock = manualClock(Date.now());
/** Set once the players have joined: the inbox shows items for everyone only from after a player's joining. */
let start: Date;
const at = (ms: number) => new Date(start.getTime() + ms);
const HOUR = 3600_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "20 May": the SAST day of an instant, as the share page names a resolution's day. */
const sastDay = (d: Date) => {
  const s = new Date(d.getTime() + 2 * HOUR);
  return `${s.getUTCDate()} ${MONTHS[s.getUTCMonth()]}`;
};
const mailDir = mkdtempSync(path.join(tmpdir(), 'correction-mail-'));


beforeAll(async () => {
  const dist = builtWebDist('gw-correction-');
  system = await startServicesForTest({ clock: clock.now, votingClock: () => new Date(), notification: { MAIL_DIR: mailDir }, notificationClock: clock.now });
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, SERVE_WEB: 'true', WEB_DIST: dist });
  admin = await signInAdmin(gw);
  [thandi, sipho, lerato] = [await newUser(gw.browser(), uname('thandi'), admin), await newUser(gw.browser(), uname('sipho'), admin), await newUser(gw.browser(), uname('lerato'), admin)];
  await until(async () => ((await system.notification!.ctx.pool.query('SELECT count(*)::int AS n FROM contacts')).rows[0].n >= 3 ? true : undefined), 10_000);
  start = new Date(Date.now() + 1_000);
  clock.set(start);
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

const stats = async (u: User) => (await u.b.get(`/api/users/${u.id}/stats`)).json as { accuracy: number; nationalRank: number; resolvedThisMonth: number };
const calibration = async (u: User) => (await u.b.get(`/api/users/${u.id}/calibration`)).json as { resolved: number; buckets: { correct: number }[] };
const correctIn = async (u: User) => (await calibration(u)).buckets.reduce((n, b) => n + b.correct, 0);
const inboxOf = async (u: User) => (await u.b.get(`/api/users/${u.id}/inbox`)).json.items as { kind: string; question: { id: string }; [k: string]: unknown }[];
const sharePage = async (id: string) => (await gw.browser().get(`/q/${id}`)).text;
const ogImage = (html: string) => /<meta property="og:image" content="([^"]*)">/.exec(html)![1]!;
const sharedResolution = (html: string) => JSON.parse(/id="shared-question">(.*?)<\/script>/s.exec(html)![1]!.replace(/\\u003c/g, '<')).resolution;

describe('a correction within 24 hours', () => {
  it('swaps two players’ credit, refreshes the share page and image, tells those who answered, and is audited with the resolve', async () => {
    const id = await createQuestionAs(admin, 'Will the by-election turnout pass forty percent');
    await system.projected(id);
    await answer(thandi, id, 'yes');
    await answer(sipho, id, 'no');
    const resolvedAt = at(0);
    clock.set(resolvedAt);
    expect((await admin.put(`/api/admin/questions/${id}/resolve`, resolveBody('yes'))).status).toBe(200);
    await system.projected(id, (row) => row?.is_resolved === true);
    await until(async () => ((await stats(thandi)).accuracy === 100 ? true : undefined));
    expect(await stats(thandi)).toMatchObject({ accuracy: 100, nationalRank: 1, resolvedThisMonth: 1 });
    expect(await stats(sipho)).toMatchObject({ accuracy: 0, nationalRank: 2, resolvedThisMonth: 1 });
    expect([await correctIn(thandi), await correctIn(sipho)]).toEqual([1, 0]);
    const pageBefore = await until(async () => {
      const html = await sharePage(id);
      return sharedResolution(html) ? html : undefined;
    });

    // An open screen hears of the correction as one (not as a second resolution).
    const screen = await new LiveClient(wsUrl(gw.base), { origin: PUBLIC_URL }).open();
    const correctedAt = at(24 * HOUR - 60_000); // 23 h 59 min after resolving
    clock.set(correctedAt);
    const source = { url: 'https://www.elections.org.za/by-elections/final', title: 'IEC final results' };
    const corrected = await admin.put(`/api/admin/questions/${id}/resolution`, { correctOptionId: 'no', source, note: 'Recounted', reason: 'The provisional figure was wrong' });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.json).toMatchObject({
      isResolved: true,
      correctOptionId: 'no',
      resolution: { source, note: 'Recounted', resolvedAt: resolvedAt.toISOString(), correctedAt: correctedAt.toISOString() },
    });

    await screen.waitFor(() => screen.messages.some((m) => m.type === 'question-resolved' && m.questionId === id), 5_000, 'the correction live');
    expect(screen.messages.filter((m) => m.type === 'question-resolved').map(({ at: _, ...m }) => m)).toEqual([
      { type: 'question-resolved', questionId: id, correctOptionId: 'no', corrected: true },
    ]);
    screen.close();

    // Scores, accuracy, rank and calibration: recomputed by voting from the corrected event.
    await until(async () => ((await stats(sipho)).accuracy === 100 ? true : undefined), 10_000);
    expect(await stats(sipho)).toMatchObject({ accuracy: 100, nationalRank: 1, resolvedThisMonth: 1 });
    expect(await stats(thandi)).toMatchObject({ accuracy: 0, nationalRank: 2, resolvedThisMonth: 1 });
    expect([await correctIn(thandi), await correctIn(sipho)]).toEqual([0, 1]);
    expect(((await thandi.b.get(`/api/users/${thandi.id}/history`)).json as { questionId: string; isCorrect: boolean }[]).find((h) => h.questionId === id)).toMatchObject({
      isPending: false,
      isCorrect: false,
    });

    // The share page and its preview image: refreshed well before the card's 30 s would run out.
    const pageAfter = await until(async () => {
      const html = await sharePage(id);
      return sharedResolution(html)?.correctedAt ? html : undefined;
    }, 5_000);
    expect(sharedResolution(pageAfter)).toMatchObject({ source, correctedAt: correctedAt.toISOString() });
    expect(pageAfter).toContain(`Resolved (corrected) NO — IEC final results, ${sastDay(resolvedAt)}.`);
    expect(ogImage(pageAfter)).not.toBe(ogImage(pageBefore));
    const image = await gw.browser().get(new URL(ogImage(pageAfter)).pathname + new URL(ogImage(pageAfter)).search);
    expect(image.status).toBe(200);

    // Those who answered are told (a personal item, with the source and the resolution's day); Lerato is not.
    for (const [u, outcome] of [
      [thandi, 'not-this-time'],
      [sipho, 'called-it'],
    ] as const) {
      const item = await until(async () => (await inboxOf(u)).find((i) => i.kind === 'resolution-corrected' && i.question.id === id), 10_000);
      expect(item).toMatchObject({ correctOptionId: 'no', source, resolvedAt: resolvedAt.toISOString(), outcome, read: false });
    }
    // Everyone's resolution item says what the resolution says now.
    const leratos = await inboxOf(lerato);
    expect(leratos.filter((i) => i.kind === 'resolution-corrected')).toEqual([]);
    expect(leratos.find((i) => i.kind === 'question-resolved' && i.question.id === id)).toMatchObject({ correctOptionId: 'no', source });

    // The audit log keeps the resolve and the correction, each with what it said.
    const entries = ((await admin.get('/api/admin/audit')).json.entries as { action: string; target: { id: string }; detail: string | null }[]).filter((e) => e.target.id === id);
    expect(entries.find((e) => e.action === 'question.resolve')?.detail).toBe(`yes · ${RESOLUTION_SOURCE.title} <${RESOLUTION_SOURCE.url}>`);
    expect(entries.find((e) => e.action === 'question.resolution.correct')?.detail).toBe(
      `reason: The provisional figure was wrong · yes → no · IEC final results <${source.url}> · note: Recounted`,
    );

    // Once only.
    const again = await admin.put(`/api/admin/questions/${id}/resolution`, { ...resolveBody('yes'), reason: 'Back again' });
    expectCleanError(again, 409, 'This resolution was already corrected once and cannot be corrected again');
    expect(again.json.code).toBe('correctionAlready');
  });

  it('after 24 hours: 409, and nothing changes', async () => {
    clock.set(at(30 * HOUR));
    const id = await createQuestionAs(admin, 'Will the late correction be refused');
    await system.projected(id);
    await answer(thandi, id, 'yes');
    expect((await admin.put(`/api/admin/questions/${id}/resolve`, resolveBody('yes'))).status).toBe(200);
    await system.projected(id, (row) => row?.is_resolved === true);
    clock.set(at(54 * HOUR)); // exactly 24 hours after resolving
    const late = await admin.put(`/api/admin/questions/${id}/resolution`, { ...resolveBody('no'), reason: 'Too late' });
    expectCleanError(late, 409, 'A resolution can only be corrected within 24 hours of resolving');
    expect(late.json.code).toBe('correctionTooLate');
    const q = ((await admin.get('/api/admin/questions')).json as { id: string; correctOptionId: string; resolution: { correctedAt: string | null } }[]).find((x) => x.id === id)!;
    expect(q).toMatchObject({ correctOptionId: 'yes', resolution: { correctedAt: null } });
  });

  it('400 without a reason or with a bad source; 409 for an unresolved question; nothing changes', async () => {
    const id = await createQuestionAs(admin, 'Will the bad corrections be refused');
    await system.projected(id);
    expectCleanError(await admin.put(`/api/admin/questions/${id}/resolution`, { ...resolveBody('no'), reason: 'x' }), 409, /Only a resolved question/);
    expect((await admin.put(`/api/admin/questions/${id}/resolve`, resolveBody('yes'))).status).toBe(200);
    expectCleanError(await admin.put(`/api/admin/questions/${id}/resolution`, resolveBody('no')), 400, 'Please say why the resolution is being corrected');
    expectCleanError(
      await admin.put(`/api/admin/questions/${id}/resolution`, { correctOptionId: 'no', source: { url: 'javascript:alert(1)', title: 'x' }, reason: 'x' }),
      400,
      'The source address must start with http:// or https://',
    );
    expectCleanError(await admin.put(`/api/admin/questions/${id}/resolution`, { ...resolveBody('yes'), reason: 'Nothing new' }), 400, /changes nothing/);
    const q = ((await admin.get('/api/admin/questions')).json as { id: string; correctOptionId: string; resolution: { correctedAt: string | null } }[]).find((x) => x.id === id)!;
    expect(q).toMatchObject({ correctOptionId: 'yes', resolution: { correctedAt: null } });
  });
});
