import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  Browser,
  expectCleanError,
  signUp,
  startGatewayForTest,
  startIdentityForTest,
  uname,
} from './helpers.js';

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let alice: Browser;
let bob: Browser;
let aliceUser: { id: string; username: string };
let bobUser: { id: string; username: string };

beforeAll(async () => {
  identity = await startIdentityForTest();
  gw = await startGatewayForTest(identity.address);
  alice = gw.browser();
  bob = gw.browser();
  aliceUser = await signUp(alice, uname('alice'));
  bobUser = await signUp(bob, uname('bob'));
});

afterAll(async () => {
  await gw?.stop();
  await identity?.cleanup();
});

describe("another user's id in a path", () => {
  it('PUT /api/users/{otherId}/notifications → 403 and nothing changes', async () => {
    const before = (await bob.get('/api/auth/me')).json;
    const res = await alice.put(`/api/users/${bobUser.id}/notifications`, { emailNotifications: false, whatsappNotifications: true });
    expectCleanError(res, 403);
    expect((await bob.get('/api/auth/me')).json).toEqual(before);
    expect((await alice.get('/api/auth/me')).json.emailNotifications).toBe(true);
  });

  it('PATCH /api/users/{otherId} → 403 and nothing changes', async () => {
    const before = (await bob.get('/api/auth/me')).json;
    const res = await alice.patch(`/api/users/${bobUser.id}`, { email: 'hijack@evil.example', browserNotifications: true });
    expectCleanError(res, 403);
    expect((await bob.get('/api/auth/me')).json).toEqual(before);
    expect((await alice.get('/api/auth/me')).json.email).toBeNull();
  });

  it('signed out → 401; a malformed id → 400; nothing changes', async () => {
    const anon = gw.browser();
    expectCleanError(await anon.put(`/api/users/${bobUser.id}/notifications`, { emailNotifications: false }), 401);
    expectCleanError(await anon.patch(`/api/users/${bobUser.id}`, { email: 'x@y.example' }), 401);
    expectCleanError(await alice.patch('/api/users/not-a-uuid', { email: 'x@y.example' }), 400);
    expect((await bob.get('/api/auth/me')).json).toMatchObject({ email: null, emailNotifications: true });
  });

  it('own id → 200 and /api/auth/me shows the change', async () => {
    // WhatsApp alerts need a phone number to reach: without one they are refused, not silently lost.
    const noPhone = await alice.put(`/api/users/${aliceUser.id}/notifications`, { whatsappNotifications: true });
    expect(noPhone.status, noPhone.text).toBe(400);
    expect(noPhone.json.message).toBe('Add your phone number to get WhatsApp alerts');
    expect((await alice.patch(`/api/users/${aliceUser.id}`, { phoneNumber: '+27 82 000 1111' })).status).toBe(200);
    const put = await alice.put(`/api/users/${aliceUser.id}/notifications`, { emailNotifications: false, whatsappNotifications: true });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ id: aliceUser.id, emailNotifications: false, whatsappNotifications: true, browserNotifications: false });
    expect((await alice.get('/api/auth/me')).json).toMatchObject({ emailNotifications: false, whatsappNotifications: true });

    const patch = await alice.patch(`/api/users/${aliceUser.id}`, { email: 'alice@example.co.za', phoneNumber: '+27 82 000 1111', browserNotifications: true });
    expect(patch.status, patch.text).toBe(200);
    const me = (await alice.get('/api/auth/me')).json;
    expect(me).toMatchObject({
      id: aliceUser.id,
      email: 'alice@example.co.za',
      phoneNumber: '+27820001111',
      browserNotifications: true,
      emailNotifications: false,
      whatsappNotifications: true,
    });
    // Bob is untouched.
    expect((await bob.get('/api/auth/me')).json).toMatchObject({ email: null, phoneNumber: null, emailNotifications: true, browserNotifications: false });
  });

  it('own id with bad input → 400 with the identity message', async () => {
    expectCleanError(await alice.patch(`/api/users/${aliceUser.id}`, { email: 'not-an-email' }), 400, 'Please enter a valid email address');
    expectCleanError(await alice.put(`/api/users/${aliceUser.id}/notifications`, {}), 400);
  });
});

describe('admin-only GET /api/users/search?q=_all', () => {
  it('signed out → 401, non-admin → 403, admin → 200 with everyone', async () => {
    expectCleanError(await gw.browser().get('/api/users/search?q=_all'), 401);
    expectCleanError(await alice.get('/api/users/search?q=_all'), 403);

    const admin = gw.browser();
    const login = await admin.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(login.status, login.text).toBe(200);
    expect(login.json.isAdmin).toBe(true);
    const res = await admin.get('/api/users/search?q=_all');
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    const names = (res.json as { username: string }[]).map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining([ADMIN_USERNAME, aliceUser.username, bobUser.username]));
    expect(res.json.find((u: { id: string }) => u.id === aliceUser.id)).toMatchObject({ username: aliceUser.username });
    expect(res.text).not.toMatch(/password|argon/i);
  });
});
