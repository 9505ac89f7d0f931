import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../gateway/src/config.js';
import { PRIVACY_NOTICE_VERSION } from '../../gateway/src/privacy.js';
import { expectCleanError, PASSWORD, signInAdmin, signUp, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';

/**
 * POPIA consent at signup, the privacy notice's configuration and the answer privacy settings, through the
 * gateway against the real identity and voting services (own databases).
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
const OFFICER = { PRIVACY_OFFICER_EMAIL: 'popia.officer@mzansi.example', PRIVACY_OFFICER_NAME: 'Nomsa Khumalo' };
const CONSENT = 'Please accept the privacy notice to continue';

const identitySql = async (text: string, params: unknown[] = []) => (await system.identity.ctx.pool.query(text, params)).rows;

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, ...OFFICER });
  adminB = await signInAdmin(gw);
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

describe('consent at signup', () => {
  it.each([
    ['missing', {}],
    ['false', { consent: false }],
    ['the string "true"', { consent: 'true' }],
    ['1', { consent: 1 }],
    ['null', { consent: null }],
  ])('consent %s → 400, no account, no session', async (_n, extra) => {
    const b = gw.browser();
    const username = uname('NoConsent');
    expectCleanError(await b.post('/api/auth/signup', { username, password: PASSWORD, name: 'No Consent', ...extra }), 400, CONSENT);
    expect(b.cookies.size).toBe(0);
    expect(await identitySql('SELECT id FROM users WHERE lower(username) = lower($1)', [username])).toEqual([]);
    expectCleanError(await b.post('/api/auth/login', { username, password: PASSWORD }), 401);
  });

  it('missing required fields still come first', async () => {
    expectCleanError(await gw.browser().post('/api/auth/signup', { username: uname('x'), password: PASSWORD }), 400, 'Please fill in all required fields');
  });

  it('consent: true → 201; the notice version and the moment are stored, and shown to the user (signup, /me, login)', async () => {
    const b = gw.browser();
    const before = Date.now();
    const res = await b.post('/api/auth/signup', { username: uname('Consent'), password: PASSWORD, name: 'Lindiwe Consents', consent: true });
    expect(res.status, res.text).toBe(201);
    const consent = res.json.privacyConsent as { noticeVersion: string; acceptedAt: string };
    expect(consent).toEqual({ noticeVersion: PRIVACY_NOTICE_VERSION, acceptedAt: res.json.joinDate });
    expect(Date.parse(consent.acceptedAt)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(consent.acceptedAt)).toBeLessThanOrEqual(Date.now() + 5_000);
    const [row] = await identitySql('SELECT privacy_notice_version, privacy_consent_at FROM users WHERE id = $1', [res.json.id]);
    expect(row).toEqual({ privacy_notice_version: PRIVACY_NOTICE_VERSION, privacy_consent_at: new Date(consent.acceptedAt) });
    expect((await b.get('/api/auth/me')).json.privacyConsent).toEqual(consent);
    const again = gw.browser();
    expect((await again.post('/api/auth/login', { username: res.json.username, password: PASSWORD })).json.privacyConsent).toEqual(consent);
  });

  it('the configured admin never signed up: no consent is claimed for them', async () => {
    expect((await adminB.get('/api/auth/me')).json.privacyConsent).toBeNull();
  });
});

describe('GET /api/privacy-notice', () => {
  it('is public and names the configured information officer and the notice version', async () => {
    const res = await gw.browser().get('/api/privacy-notice');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ version: PRIVACY_NOTICE_VERSION, informationOfficer: { name: OFFICER.PRIVACY_OFFICER_NAME, email: OFFICER.PRIVACY_OFFICER_EMAIL } });
  });

  it('production refuses to start without the officer’s e-mail; a malformed one is refused everywhere', () => {
    const problems = (env: Record<string, string>) => {
      const r = configSchema(env).safeParse(env);
      return r.success ? [] : r.error.issues.filter((i) => String(i.path[0]).startsWith('PRIVACY_')).map((i) => String(i.path[0]));
    };
    expect(problems({ NODE_ENV: 'production' })).toEqual(['PRIVACY_OFFICER_EMAIL']);
    expect(problems({ NODE_ENV: 'production', PRIVACY_OFFICER_EMAIL: 'io@mzansi.example' })).toEqual([]);
    expect(problems({ NODE_ENV: 'development', PRIVACY_OFFICER_EMAIL: 'not an address' })).toEqual(['PRIVACY_OFFICER_EMAIL']);
    expect(configSchema({}).parse({}).PRIVACY_OFFICER_EMAIL).toMatch(/@/);
  });
});

describe('GET/PUT /api/users/{id}/privacy', () => {
  let alice: { id: string };
  let aliceB: Browser;
  let bob: { id: string };
  let bobB: Browser;
  beforeAll(async () => {
    aliceB = gw.browser();
    alice = await signUp(aliceB, uname('alice'));
    bobB = gw.browser();
    bob = await signUp(bobB, uname('bob'));
  });

  it('starts at the defaults: friends see answers at once', async () => {
    const res = await aliceB.get(`/api/users/${alice.id}/privacy`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ answerVisibility: 'friends', hideUntilResolved: false, listOnNationalBoard: false, updatedAt: null });
  });

  it('saves each field on its own; the id may come in any case', async () => {
    const nobody = await aliceB.put(`/api/users/${alice.id}/privacy`, { answerVisibility: 'nobody' });
    expect(nobody.status, nobody.text).toBe(200);
    expect(nobody.json).toMatchObject({ answerVisibility: 'nobody', hideUntilResolved: false, updatedAt: expect.any(String) });
    const hide = await aliceB.put(`/api/users/${alice.id.toUpperCase()}/privacy`, { hideUntilResolved: true });
    expect(hide.json).toMatchObject({ answerVisibility: 'nobody', hideUntilResolved: true });
    expect((await aliceB.get(`/api/users/${alice.id}/privacy`)).json).toEqual(hide.json);
    expect(await system.votingSql('SELECT answer_visibility, hide_until_resolved FROM answer_privacy WHERE user_id = $1', [alice.id])).toEqual([
      { answer_visibility: 'nobody', hide_until_resolved: true },
    ]);
  });

  it('refuses bad bodies with a readable 400', async () => {
    const url = `/api/users/${alice.id}/privacy`;
    expectCleanError(await aliceB.put(url, {}), 400, 'Nothing to update');
    expectCleanError(await aliceB.put(url, { answerVisibility: 'everyone' }), 400, /answerVisibility/);
    expectCleanError(await aliceB.put(url, { hideUntilResolved: 'yes' }), 400, /hideUntilResolved/);
  });

  it('is self only: another user and an admin get 403 for reading and writing, nothing changes; signed out 401', async () => {
    const url = `/api/users/${alice.id}/privacy`;
    const before = (await aliceB.get(url)).json;
    expectCleanError(await bobB.get(url), 403);
    expectCleanError(await bobB.put(url, { answerVisibility: 'friends' }), 403);
    expectCleanError(await adminB.get(url), 403);
    expectCleanError(await adminB.put(url, { answerVisibility: 'friends', hideUntilResolved: false }), 403);
    expectCleanError(await gw.browser().get(url), 401);
    expectCleanError(await gw.browser().put(url, { answerVisibility: 'friends' }), 401);
    expect((await aliceB.get(url)).json).toEqual(before);
    // Bob's own settings were not touched by any of it.
    expect((await bobB.get(`/api/users/${bob.id}/privacy`)).json).toEqual({ answerVisibility: 'friends', hideUntilResolved: false, listOnNationalBoard: false, updatedAt: null });
  });
});
