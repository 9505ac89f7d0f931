// Sign-up in three fields (username, password, full name) plus consent; e-mail, phone and province later, in the
// "complete your profile" step or settings. Phone numbers as South Africans write them, stored as E.164.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError, PASSWORD, signUp, startGatewayForTest, startIdentityForTest, uname } from './helpers.js';

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;

beforeAll(async () => {
  identity = await startIdentityForTest();
  gw = await startGatewayForTest(identity.address);
});

afterAll(async () => {
  await gw?.stop();
  await identity?.cleanup();
});

const PHONE_MESSAGE = 'Please enter a valid phone number, like 082 555 1234 or +27 82 555 1234';

describe('POST /api/auth/signup', () => {
  it('needs only username, password, full name and consent; the profile step is still to come', async () => {
    const b = gw.browser();
    const username = uname('Three');
    const res = await b.post('/api/auth/signup', { username, password: PASSWORD, name: 'Thabo Three', consent: true });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ username, name: 'Thabo Three', email: null, phoneNumber: null, province: null, profilePromptDone: false });
    expect((await b.get('/api/auth/me')).json).toEqual(res.json);
  });

  it('still takes e-mail, phone and province when sent (the contract), the phone stored as E.164', async () => {
    const b = gw.browser();
    const res = await b.post('/api/auth/signup', {
      username: uname('Full'),
      password: PASSWORD,
      name: 'Full Form',
      email: 'full@example.co.za',
      phoneNumber: '082 555 1234',
      province: 'GP',
      consent: true,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ email: 'full@example.co.za', phoneNumber: '+27825551234', province: 'GP' });
  });

  it('an unreadable phone number → 400 with the local example, and no account is created', async () => {
    const b = gw.browser();
    const username = uname('BadPhone');
    expectCleanError(await b.post('/api/auth/signup', { username, password: PASSWORD, name: 'Bad Phone', phoneNumber: '082 555', consent: true }), 400, PHONE_MESSAGE);
    expectCleanError(await b.get('/api/auth/me'), 401);
    // The username is still free: nothing was stored.
    expect((await b.post('/api/auth/signup', { username, password: PASSWORD, name: 'Bad Phone', consent: true })).status).toBe(201);
  });
});

describe('PATCH /api/users/{id}: phone numbers and the "complete your profile" step', () => {
  it.each([
    ['082 555 1234', '+27825551234'],
    ['0825551234', '+27825551234'],
    ['+27 82 555 1234', '+27825551234'],
    ['27825551234', '+27825551234'],
    ['(082) 555-1234', '+27825551234'],
  ])('stores %j as %s, and /me shows the stored form', async (typed, e164) => {
    const b = gw.browser();
    const u = await signUp(b, uname('Phone'));
    const res = await b.patch(`/api/users/${u.id}`, { phoneNumber: typed });
    expect(res.status, res.text).toBe(200);
    expect(res.json.phoneNumber).toBe(e164);
    expect((await b.get('/api/auth/me')).json.phoneNumber).toBe(e164);
  });

  it('a bad phone number → 400 and nothing changes, not even the fields sent with it', async () => {
    const b = gw.browser();
    const u = await signUp(b, uname('Keep'));
    expect((await b.patch(`/api/users/${u.id}`, { phoneNumber: '072 111 2222' })).status).toBe(200);
    const before = (await b.get('/api/auth/me')).json;
    for (const phoneNumber of ['082 555', 'call me', '+27 82 555 12345']) {
      expectCleanError(await b.patch(`/api/users/${u.id}`, { phoneNumber, email: 'keep@example.co.za', province: 'WC', profilePromptDone: true }), 400, PHONE_MESSAGE);
    }
    expect((await b.get('/api/auth/me')).json).toEqual(before);
  });

  it('saving or skipping the step marks it done for good; only true is accepted; only for oneself', async () => {
    const b = gw.browser();
    const u = await signUp(b, uname('Skip'));
    const other = gw.browser();
    const o = await signUp(other, uname('Other'));
    expectCleanError(await b.patch(`/api/users/${u.id}`, { profilePromptDone: false }), 400);
    expectCleanError(await other.patch(`/api/users/${u.id}`, { profilePromptDone: true }), 403);
    expect((await b.get('/api/auth/me')).json.profilePromptDone).toBe(false);

    const saved = await b.patch(`/api/users/${u.id}`, { email: 'skip@example.co.za', phoneNumber: '+27 82 555 1234', province: 'KZN', profilePromptDone: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ email: 'skip@example.co.za', phoneNumber: '+27825551234', province: 'KZN', profilePromptDone: true });
    // It stays done when the details are cleared later in settings.
    const cleared = await b.patch(`/api/users/${u.id}`, { email: null, phoneNumber: null, province: null });
    expect(cleared.json).toMatchObject({ email: null, phoneNumber: null, province: null, profilePromptDone: true });
    expect((await other.get('/api/auth/me')).json).toMatchObject({ id: o.id, profilePromptDone: false });
  });
});
