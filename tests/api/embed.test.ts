import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbedToken } from '@mzansi/api';
import { cspDirectives, expectCleanError, signInAdmin, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';
import { answer, newUser, type User } from './social-helpers.js';

/**
 * The embed (/embed/q/{id}) against the real services and the built web app: rendered on the server from the app's
 * components, framable by any site (and nothing else is), its script and stylesheet within 30 KB gzip; a blind
 * question's figures only for a reader holding a token from the answer popup (POST /api/embed/tokens: signed in,
 * answered, that question only), ?lang and ?theme; 404 for drafts and unknown questions.
 */
const PUBLIC_URL = 'http://localhost:5173';
const WEB_DIST = new URL('../../web/dist/', import.meta.url);
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let admin: Browser;
let reader: User;
let other: User;
let open: string;
let blind: string;
let draft: string;

async function create(text: string, extra: Record<string, unknown> = {}, publish = true) {
  const created = await admin.post('/api/admin/questions', {
    text,
    context: 'Context for the embed test.',
    resolutionCriteria: 'Resolves YES if the IEC says so.',
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    translations: { zu: { text: `Umbuzo ${text}`, options: { yes: 'Yebo', no: 'Cha' } } },
    ...extra,
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  if (publish) {
    expect((await admin.post(`/api/admin/questions/${id}/publish`)).status).toBe(200);
    await system.projected(id);
  }
  return id;
}

const embed = (id: string, query = '') => fetch(`${gw.base}/embed/q/${id}${query}`);
const tokenFor = async (u: User, questionId: string) => {
  const res = await u.b.post('/api/embed/tokens', { questionId });
  expect(res.status, res.text).toBe(201);
  return EmbedToken.parse(res.json).token;
};

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_URL, PUBLIC_CACHE_MS: '0', SERVE_WEB: 'true', WEB_DIST: WEB_DIST.pathname });
  admin = await signInAdmin(gw);
  reader = await newUser(gw.browser(), uname('embed_reader'), admin);
  other = await newUser(gw.browser(), uname('embed_other'), admin);
  open = await create(`Will the embed ${randomUUID().slice(0, 6)} render`);
  blind = await create(`Will the blind embed ${randomUUID().slice(0, 6)} stay blind`, { isBlind: true });
  draft = await create(`A draft embed ${randomUUID().slice(0, 6)}`, {}, false);
  await answer(other, open, 'no');
  await answer(other, blind, 'no');
}, 90_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

describe('the embed page', () => {
  it('renders the question, its context, criteria, YES/NO and results on the server; framable by any site', async () => {
    const res = await embed(open);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(cspDirectives(res.headers.get('content-security-policy'))['frame-ancestors']).toEqual(['*']);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const html = await res.text();
    expect(html).toMatch(/<h1 class="embed__question">Will the embed \w+ render\?<\/h1>/);
    expect(html).toContain('Context for the embed test.');
    expect(html).toContain('Resolves YES if the IEC says so.');
    expect(html).toMatch(/<button[^>]*data-option="yes"[^>]*>YES<\/button>/);
    expect(html).toContain('aria-label="National results"');
    expect(html).toContain('100%');
    expect(html).toContain('Answer on Mzansi Predicts');
    expect(html).toContain(`href="${PUBLIC_URL}/q/${open}"`);
    // No app shell: only the embed's own script and stylesheet.
    expect(html).not.toContain('id="root"');
    expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual([expect.stringMatching(/^\/assets\/embed-[\w-]+\.js$/)]);
  });

  it('its script and stylesheet weigh at most 30 KB gzip', async () => {
    const html = await (await embed(open)).text();
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThanOrEqual(2);
    const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(new URL(`.${f}`, WEB_DIST))).length, 0);
    expect(bytes).toBeLessThanOrEqual(30 * 1024);
  });

  it('?lang= shows the translation, ?theme=dark the dark card; bad values are a 400', async () => {
    const zu = await (await embed(open, '?lang=zu&theme=dark')).text();
    expect(zu).toContain('<html lang="zu">');
    expect(zu).toMatch(/Umbuzo Will the embed/);
    expect(zu).toContain('YEBO');
    expect(zu).toContain('embed--dark');
    expectCleanError(await gwGet(`/embed/q/${open}?lang=xx`), 400, 'lang must be one of en, zu, af, st');
    expectCleanError(await gwGet(`/embed/q/${open}?theme=pink`), 400, 'theme must be light or dark');
  });

  it('404 for a draft, an unknown question and a malformed id', async () => {
    for (const id of [draft, randomUUID(), 'not-an-id']) expectCleanError(await gwGet(`/embed/q/${id}`), 404, 'Question not found');
  });
});

describe('the reader token', () => {
  it('a blind question shows its total only until the reader, with their token, has answered', async () => {
    const before = await (await embed(blind)).text();
    expect(before).toContain('The results show once you have made your prediction.');
    expect(before).not.toMatch(/\d+%/);
    // No token before answering; then one, valid for this question only.
    expectCleanError(await reader.b.post('/api/embed/tokens', { questionId: blind }), 404, 'Not answered');
    await answer(reader, blind, 'yes');
    const token = await tokenFor(reader, blind);
    const mine = await embed(blind, `?t=${encodeURIComponent(token)}`);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const html = await mine.text();
    expect(html).toContain('You predicted YES');
    expect(html).toMatch(/50%/);
    expect(html).not.toContain('data-option="yes"');
    // The same token on another question, a forged or altered one: the public embed.
    for (const t of [token, `${token}x`, 'e30.abc', token.replace(/^./, (c) => (c === 'e' ? 'f' : 'e'))]) {
      const elsewhere = await (await embed(t === token ? open : blind, `?t=${encodeURIComponent(t)}`)).text();
      expect(elsewhere, t).not.toContain('You predicted');
    }
  });

  it('tokens need a session, a question id and nothing else in the body', async () => {
    expectCleanError(await gw.browser().post('/api/embed/tokens', { questionId: open }), 401);
    expectCleanError(await reader.b.post('/api/embed/tokens', { questionId: 'nope' }), 400, 'questionId must be a question id');
    expectCleanError(await reader.b.post('/api/embed/tokens', { questionId: open, userId: other.id }), 400);
  });
});

describe('the answer popup', () => {
  it('keeps its opener (relaxed opener policy) and may not be framed; every other page isolates itself', async () => {
    const popup = await gwGet(`/embed/answer/${open}?option=yes`);
    expect(popup.status).toBe(200);
    expect(popup.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(cspDirectives(popup.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
    expect((await gwGet('/')).headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });
});

function gwGet(path: string) {
  return gw.browser().get(path);
}
