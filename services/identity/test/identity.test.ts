import { beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, outboxDrained } from '@mzansi/kit/testing';
import { TEXT_MESSAGES } from '@mzansi/kit/text';
import type { User } from '@mzansi/proto/identity/v1/identity';
import { signUpReq, until, useIdentityService, type Harness, type IdentityClient, type Running } from './helpers.js';

let h: Harness;
let svc: Running;
let client: IdentityClient;
let admin: User;

useIdentityService((started) => {
  ({ h, svc, client } = started);
  admin = started.admin!;
});

const registeredFor = async (id: string) =>
  (await h.events()).filter((e) => e.type === 'identity.user.registered' && (e.data as { user?: { id: string } }).user?.id === id);

describe('signUp', () => {
  it('returns the user without any password field and publishes exactly one identity.user.registered', async () => {
    const { user } = await client.signUp({ ...signUpReq('Sipho_1'), name: '  Sipho Dlamini ', email: 'sipho@example.co.za', phoneNumber: '+27 82 555 0101' });
    expect(user).toBeDefined();
    expect(user).toMatchObject({
      username: 'Sipho_1',
      name: 'Sipho Dlamini',
      email: 'sipho@example.co.za',
      phoneNumber: '+27825550101',
      isAdmin: false,
      emailNotifications: true,
      browserNotifications: false,
      whatsappNotifications: false,
    });
    expect(user!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user!.joinDate).toBeInstanceOf(Date);
    expect(Object.keys(user!).filter((k) => /pass|hash/i.test(k))).toEqual([]);
    expect(JSON.stringify(user)).not.toMatch(/argon|correct-horse/);

    const events = await until(async () => {
      const e = await registeredFor(user!.id);
      return e.length > 0 ? e : undefined;
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ user: { id: user!.id, username: 'Sipho_1', isAdmin: false } });
    expect(JSON.stringify(events[0])).not.toMatch(/argon|correct-horse|password/i);
    // Still exactly one a moment later (no duplicate from the relay).
    await eventually(() => outboxDrained(h.db.url)); // every event is out: none can follow
    expect(await registeredFor(user!.id)).toHaveLength(1);
  });

  it('refuses a username taken in another case with ALREADY_EXISTS, and emits nothing for the refused signup', async () => {
    const { user } = await client.signUp(signUpReq('Thandi'));
    await expectGrpcError(client.signUp(signUpReq('thandi')), grpc.status.ALREADY_EXISTS, 'Username already taken');
    await expectGrpcError(client.signUp(signUpReq('THANDI')), grpc.status.ALREADY_EXISTS, 'Username already taken');
    const { rows } = await svc.ctx.pool.query(`SELECT id FROM users WHERE lower(username) = 'thandi'`);
    expect(rows).toEqual([{ id: user!.id }]);
    await eventually(async () => (await registeredFor(user!.id)).length === 1);
    const thandiEvents = (await h.events()).filter(
      (e) => e.type === 'identity.user.registered' && (e.data as { user: { username: string } }).user.username.toLowerCase() === 'thandi',
    );
    expect(thandiEvents).toHaveLength(1);
  });

  it('refuses a 7-character password', async () => {
    await expectGrpcError(client.signUp(signUpReq('seven_pw', '1234567')), grpc.status.INVALID_ARGUMENT, 'Password must be at least 8 characters');
  });

  it.each([['ab'], ['has space'], ['a'.repeat(31)], ['dash-name'], ['émile']])('refuses the username %j', async (username) => {
    await expectGrpcError(
      client.signUp(signUpReq(username)),
      grpc.status.INVALID_ARGUMENT,
      'Username must be 3–30 letters, digits or underscores',
    );
  });

  it('accepts 3- and 30-character usernames', async () => {
    await client.signUp(signUpReq('abc'));
    await client.signUp(signUpReq('b'.repeat(30)));
  });

  it('refuses missing required fields', async () => {
    await expectGrpcError(client.signUp(signUpReq('noname_user', 'long-enough-pw', '   ')), grpc.status.INVALID_ARGUMENT, 'Please fill in all required fields');
    await expectGrpcError(client.signUp(signUpReq('', 'long-enough-pw')), grpc.status.INVALID_ARGUMENT, 'Please fill in all required fields');
  });

  it('stores the name NFC-normalised, refuses bidi controls and treats an invisible name as missing', async () => {
    const { user } = await client.signUp(signUpReq('nfc_name', 'long-enough-pw', 'Zoe\u0301 Nkosi'));
    expect(user!.name).toBe('Zo\u00E9 Nkosi');
    expect((await client.getUser({ id: user!.id })).user!.name).toBe('Zo\u00E9 Nkosi');
    await expectGrpcError(client.signUp(signUpReq('bidi_name', 'long-enough-pw', 'Sipho \u202Eevil')), grpc.status.INVALID_ARGUMENT, TEXT_MESSAGES.bidi('Name'));
    await expectGrpcError(client.signUp(signUpReq('zw_name', 'long-enough-pw', '\u200B\u200D\u2060\uFEFF')), grpc.status.INVALID_ARGUMENT, 'Please fill in all required fields');
  });

  it('refuses a signup without consent (or without a notice version), creating nothing', async () => {
    const consent = 'Please accept the privacy notice to continue';
    await expectGrpcError(client.signUp({ ...signUpReq('no_consent'), consent: false }), grpc.status.INVALID_ARGUMENT, consent);
    await expectGrpcError(client.signUp({ ...signUpReq('no_consent'), privacyNoticeVersion: '' }), grpc.status.INVALID_ARGUMENT, consent);
    const { rows } = await svc.ctx.pool.query(`SELECT id FROM users WHERE username = 'no_consent'`);
    expect(rows).toEqual([]);
  });

  it('stores the accepted notice version with the moment of signup, and answers it with the user', async () => {
    const { user } = await client.signUp({ ...signUpReq('consenting'), privacyNoticeVersion: '2.1' });
    expect(user).toMatchObject({ privacyNoticeVersion: '2.1', privacyConsentAt: user!.joinDate });
    const { rows } = await svc.ctx.pool.query('SELECT privacy_notice_version, privacy_consent_at, join_date FROM users WHERE id = $1', [user!.id]);
    expect(rows[0].privacy_notice_version).toBe('2.1');
    expect(rows[0].privacy_consent_at).toEqual(rows[0].join_date);
    expect((await client.getUser({ id: user!.id })).user).toMatchObject({ privacyNoticeVersion: '2.1', privacyConsentAt: user!.joinDate });
    // The configured admin never signed up: no consent is recorded for them.
    expect(admin).toMatchObject({ privacyNoticeVersion: '' });
    expect(admin.privacyConsentAt).toBeUndefined();
  });
});

describe('login', () => {
  let user: User;
  beforeAll(async () => {
    user = (await client.signUp(signUpReq('Lerato', 'lerato-secret-9'))).user!;
  });

  it('succeeds with the right password, in any username case', async () => {
    expect((await client.login({ username: 'Lerato', password: 'lerato-secret-9' })).user).toMatchObject({ id: user.id, username: 'Lerato' });
    expect((await client.login({ username: 'lerato', password: 'lerato-secret-9' })).user!.id).toBe(user.id);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrong = await expectGrpcError(client.login({ username: 'Lerato', password: 'wrong-password' }), grpc.status.UNAUTHENTICATED);
    const unknown = await expectGrpcError(client.login({ username: 'nobody_here', password: 'wrong-password' }), grpc.status.UNAUTHENTICATED);
    expect(wrong.details).toBe('Invalid username or password');
    expect(unknown.details).toBe(wrong.details);
    expect(unknown.code).toBe(wrong.code);
  });

  it('stores an argon2id hash with m=19456, t=2, p=1 (never the password)', async () => {
    const { rows } = await svc.ctx.pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(rows[0]!.password_hash).not.toContain('lerato-secret-9');
  });
});

describe('searchUsers', () => {
  beforeAll(async () => {
    for (const u of ['Zebra', 'azeb', 'mzebu', 'ZEBB', 'x_y1', 'xay1', 'qqq']) await client.signUp(signUpReq(u));
  });

  it('is a case-insensitive substring match sorted by username', async () => {
    const names = (await client.searchUsers({ query: 'ZeB', limit: 0 })).users.map((u) => u.username);
    expect(names).toEqual(['azeb', 'mzebu', 'ZEBB', 'Zebra']);
    expect((await client.searchUsers({ query: '  zebr ', limit: 0 })).users.map((u) => u.username)).toEqual(['Zebra']);
  });

  it('needs at least 2 characters', async () => {
    await expectGrpcError(client.searchUsers({ query: 'z', limit: 0 }), grpc.status.INVALID_ARGUMENT, 'Type at least 2 characters to search');
    await expectGrpcError(client.searchUsers({ query: ' z ', limit: 0 }), grpc.status.INVALID_ARGUMENT);
    await expectGrpcError(client.searchUsers({ query: '', limit: 0 }), grpc.status.INVALID_ARGUMENT);
  });

  it('treats LIKE wildcards literally', async () => {
    expect((await client.searchUsers({ query: 'x_y', limit: 0 })).users.map((u) => u.username)).toEqual(['x_y1']);
    expect((await client.searchUsers({ query: 'x%y', limit: 0 })).users).toEqual([]);
    expect((await client.searchUsers({ query: '%%', limit: 0 })).users).toEqual([]);
    expect((await client.searchUsers({ query: '\\%', limit: 0 })).users).toEqual([]);
    // `__` would match every name of 2+ characters if `_` were a wildcard.
    expect((await client.searchUsers({ query: '__', limit: 0 })).users).toEqual([]);
  });

  it('honours the limit', async () => {
    expect((await client.searchUsers({ query: 'zeb', limit: 2 })).users.map((u) => u.username)).toEqual(['azeb', 'mzebu']);
  });
});

describe('listUsers', () => {
  it('is UNAUTHENTICATED without an actor', async () => {
    await expectGrpcError(client.listUsers({}), grpc.status.UNAUTHENTICATED);
  });

  it('is PERMISSION_DENIED for a non-admin actor', async () => {
    const { user } = await client.login({ username: 'Lerato', password: 'lerato-secret-9' });
    await expectGrpcError(client.listUsers({}, { actor: { id: user!.id, isAdmin: false } }), grpc.status.PERMISSION_DENIED);
  });

  it('lists everyone, sorted by username, for an admin', async () => {
    const { users } = await client.listUsers({}, { actor: { id: admin.id, isAdmin: true } });
    const { rows } = await svc.ctx.pool.query<{ username: string }>('SELECT username FROM users');
    expect(users).toHaveLength(rows.length);
    expect(users.map((u) => u.username).sort()).toEqual(rows.map((r) => r.username).sort());
    const lower = users.map((u) => u.username.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    expect(users.find((u) => u.id === admin.id)?.isAdmin).toBe(true);
  });

  it('treats an actor signed with a different secret as no actor', async () => {
    const forger = h.client(svc, 'some-other-secret-entirely-123456');
    await expectGrpcError(forger.listUsers({}, { actor: { id: admin.id, isAdmin: true } }), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(forger.updateUser({ emailNotifications: false }, { actor: { id: admin.id, isAdmin: true } }), grpc.status.UNAUTHENTICATED);
    const { rows } = await svc.ctx.pool.query('SELECT email_notifications FROM users WHERE id = $1', [admin.id]);
    expect(rows[0]).toEqual({ email_notifications: true });
  });
});

describe('updateUser', () => {
  it('changes only the acting user and emits identity.user.updated', async () => {
    const a = (await client.signUp(signUpReq('upd_alice'))).user!;
    const b = (await client.signUp(signUpReq('upd_bob'))).user!;
    const before = await svc.ctx.pool.query('SELECT * FROM users WHERE id = $1', [b.id]);

    const { user } = await client.updateUser(
      { email: 'alice@example.org', phoneNumber: '+27 21 555 0000', emailNotifications: false, whatsappNotifications: true },
      { actor: { id: a.id, isAdmin: false } },
    );
    expect(user).toMatchObject({
      id: a.id,
      email: 'alice@example.org',
      phoneNumber: '+27215550000',
      emailNotifications: false,
      browserNotifications: false,
      whatsappNotifications: true,
    });
    const after = await svc.ctx.pool.query('SELECT * FROM users WHERE id = $1', [b.id]);
    expect(after.rows).toEqual(before.rows);
    const { rows: aRows } = await svc.ctx.pool.query('SELECT email, email_notifications, whatsapp_notifications FROM users WHERE id = $1', [a.id]);
    expect(aRows[0]).toEqual({ email: 'alice@example.org', email_notifications: false, whatsapp_notifications: true });

    const updated = await until(async () => {
      const e = (await h.events()).filter((ev) => ev.type === 'identity.user.updated');
      return e.length > 0 ? e : undefined;
    });
    expect(updated).toHaveLength(1);
    expect(updated[0]!.data).toMatchObject({ user: { id: a.id, email: 'alice@example.org', emailNotifications: false, whatsappNotifications: true } });
  });

  it('only touches the fields that are set, and validates them', async () => {
    const { user: c } = await client.signUp({ ...signUpReq('upd_carol'), email: 'carol@example.org' });
    const actor = { id: c!.id, isAdmin: false };
    const { user } = await client.updateUser({ browserNotifications: true }, { actor });
    expect(user).toMatchObject({ email: 'carol@example.org', browserNotifications: true, emailNotifications: true });
    await expectGrpcError(client.updateUser({ email: 'not-an-email' }, { actor }), grpc.status.INVALID_ARGUMENT, 'Please enter a valid email address');
    await expectGrpcError(client.updateUser({ browserNotifications: false }), grpc.status.UNAUTHENTICATED);
  });
});

describe('events', () => {
  it('has exactly one identity.user.registered per user', async () => {
    const { rows } = await svc.ctx.pool.query<{ id: string }>('SELECT id FROM users');
    const registered = await until(async () => {
      const e = (await h.events()).filter((ev) => ev.type === 'identity.user.registered');
      return e.length >= rows.length ? e : undefined;
    });
    const ids = registered.map((e) => (e.data as { user: { id: string } }).user.id);
    expect(ids.sort()).toEqual(rows.map((r) => r.id).sort());
  });
});
