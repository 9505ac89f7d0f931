// Resolving with a source, end to end: refused without one (and nothing changes), and shown wherever the question
// is read — today's list, the public list, the archive, the admin list, its share page and preview image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@mzansi/kit/testing';
import { createQuestionAs, expectCleanError, RESOLUTION_SOURCE, resolveBody, signInAdmin, startGatewayForTest, startServicesForTest, until, type Browser } from './helpers.js';
import { builtWebDist } from './web-dist.js';

let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let admin: Browser;
let anon: Browser;
// 09:30 SAST on 30 May: the resolution's day is "30 May".
const clock = manualClock('2026-05-30T07:30:00.000Z');


beforeAll(async () => {
  const dist = builtWebDist('gw-resolution-');
  system = await startServicesForTest({ clock: clock.now });
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, SERVE_WEB: 'true', WEB_DIST: dist });
  admin = await signInAdmin(gw);
  anon = gw.browser();
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

const adminQuestion = async (id: string) => ((await admin.get('/api/admin/questions')).json as { id: string; isResolved: boolean; resolution: unknown }[]).find((q) => q.id === id)!;
const sharedQuestion = (html: string) => JSON.parse(/<script type="application\/json" id="shared-question">(.*?)<\/script>/s.exec(html)![1]!.replace(/\\u003c/g, '<'));
const description = (html: string) => /<meta property="og:description" content="([^"]*)">/.exec(html)![1]!;

describe('PUT /api/admin/questions/{id}/resolve needs a source', () => {
  it('400 without a source, with a javascript:, data:, ftp: or relative address, credentials, no title or an over-long note; nothing changes', async () => {
    const id = await createQuestionAs(admin, 'Will the source rule hold');
    await system.projected(id);
    const cases: [unknown, string | RegExp, string][] = [
      [{ correctOptionId: 'yes' }, 'Please give the source: a web address and its title', 'resolutionSourceRequired'],
      [{ correctOptionId: 'yes', source: { url: 'javascript:alert(document.cookie)', title: 'x' } }, 'The source address must start with http:// or https://', 'resolutionUrlScheme'],
      [{ correctOptionId: 'yes', source: { url: 'data:text/html,<script>x</script>', title: 'x' } }, 'The source address must start with http:// or https://', 'resolutionUrlScheme'],
      [{ correctOptionId: 'yes', source: { url: 'ftp://ftp.example.com/', title: 'x' } }, 'The source address must start with http:// or https://', 'resolutionUrlScheme'],
      [{ correctOptionId: 'yes', source: { url: '/results', title: 'x' } }, /full web address/, 'resolutionUrlInvalid'],
      [{ correctOptionId: 'yes', source: { url: 'https://www.example.com/a b', title: 'x' } }, /full web address/, 'resolutionUrlInvalid'],
      [{ correctOptionId: 'yes', source: { url: 'https://me:pw@www.example.com/', title: 'x' } }, 'The source address may not contain a user name or password', 'resolutionUrlCredentials'],
      [{ correctOptionId: 'yes', source: { url: `https://example.com/${'a'.repeat(2000)}`, title: 'x' } }, /at most 2000/, 'resolutionUrlTooLong'],
      [{ correctOptionId: 'yes', source: { url: RESOLUTION_SOURCE.url } }, 'Please give the source a title', 'resolutionTitleRequired'],
      [resolveBody('yes', { note: 'n'.repeat(281) }), /note must be at most 280/, 'resolutionNoteTooLong'],
    ];
    for (const [body, message, code] of cases) {
      const res = await admin.put(`/api/admin/questions/${id}/resolve`, body);
      expectCleanError(res, 400, message);
      expect(res.json.code).toBe(code);
    }
    expect(await adminQuestion(id)).toMatchObject({ isResolved: false, resolution: null });
    expect((await system.votingSql('SELECT is_resolved FROM question_state WHERE question_id = $1', [id]))[0]).toEqual({ is_resolved: false });
  });
});

describe('the source shows on every read of the question', () => {
  it('today, public, archive, admin list, share page and preview image carry it', async () => {
    const id = await createQuestionAs(admin, 'Will turnout pass sixty percent');
    await system.projected(id);
    const before = await anon.get(`/q/${id}`);
    expect(before.status).toBe(200);
    expect(sharedQuestion(before.text).resolution).toBeNull();

    const resolved = await admin.put(`/api/admin/questions/${id}/resolve`, {
      correctOptionId: 'yes',
      source: { url: ' https://www.elections.org.za/results?year=2026 ', title: ' IEC results ' },
      note: 'Final national figure',
    });
    expect(resolved.status, resolved.text).toBe(200);
    const resolution = { source: { url: 'https://www.elections.org.za/results?year=2026', title: 'IEC results' }, note: 'Final national figure', resolvedAt: clock.current.toISOString(), correctedAt: null };
    expect(resolved.json).toMatchObject({ isResolved: true, correctOptionId: 'yes', resolution });

    const find = (list: { id: string }[]) => list.find((q) => q.id === id) as { resolution: unknown } | undefined;
    await until(async () => (find((await anon.get('/api/questions/today')).json)?.resolution ? true : undefined));
    expect(find((await anon.get('/api/questions/today')).json)!.resolution).toEqual(resolution);
    expect(find((await anon.get('/api/questions/public')).json)!.resolution).toEqual(resolution);
    expect(find((await anon.get('/api/questions/archive?q=turnout')).json.questions)!.resolution).toEqual(resolution);
    expect((await adminQuestion(id)).resolution).toEqual(resolution);

    // The share page (its question JSON and link-preview text) and its image follow at once, not when its card expires.
    const page = await until(async () => {
      const r = await anon.get(`/q/${id}`);
      return sharedQuestion(r.text).resolution ? r : undefined;
    });
    expect(sharedQuestion(page.text).resolution).toEqual(resolution);
    expect(description(page.text)).toBe('Resolved YES — IEC results, 30 May. South Africa says: Be the first to predict.');
    const image = await anon.get(`/q/${id}/preview.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });
});
