import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError, PASSWORD, startGatewayForTest, startServicesForTest, uname } from './helpers.js';

/**
 * The interface language on the profile: chosen in the app, stored by identity, so it follows the user to
 * another device (the app switches to it on sign-in).
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns });
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

describe('the language of a user', () => {
  it('is none at first, set and cleared on the profile, one of the four, and comes with a sign-in elsewhere', async () => {
    const phone = gw.browser();
    const username = uname('lang');
    const signup = await phone.post('/api/auth/signup', { username, password: PASSWORD, name: 'Nomsa Zulu', consent: true });
    expect(signup.status, signup.text).toBe(201);
    const id = signup.json.id as string;
    expect(signup.json.language).toBeNull();

    const set = await phone.patch(`/api/users/${id}`, { language: 'zu' });
    expect(set.status, set.text).toBe(200);
    expect(set.json.language).toBe('zu');
    expect((await phone.get('/api/auth/me')).json.language).toBe('zu');

    // Another device: the sign-in answer carries it.
    const laptop = gw.browser();
    const login = await laptop.post('/api/auth/login', { username, password: PASSWORD });
    expect(login.status, login.text).toBe(200);
    expect(login.json.language).toBe('zu');

    // Normalised; anything but the four refused, the stored one kept.
    expect((await laptop.patch(`/api/users/${id}`, { language: ' AF ' })).json.language).toBe('af');
    for (const language of ['fr', 'english', 'z']) {
      expectCleanError(await laptop.patch(`/api/users/${id}`, { language }), 400, 'Please choose one of the four languages');
    }
    expectCleanError(await laptop.patch(`/api/users/${id}`, { language: 'x'.repeat(11) }), 400);
    expect((await phone.get('/api/auth/me')).json.language).toBe('af');

    // null clears it; someone else cannot set it.
    expect((await laptop.patch(`/api/users/${id}`, { language: null })).json.language).toBeNull();
    const other = gw.browser();
    expect((await other.post('/api/auth/signup', { username: uname('lang'), password: PASSWORD, name: 'Other', consent: true })).status).toBe(201);
    expect((await other.patch(`/api/users/${id}`, { language: 'st' })).status).toBe(403);
    expect((await phone.get('/api/auth/me')).json.language).toBeNull();
  });
});
