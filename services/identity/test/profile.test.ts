// Edit my profile (name, e-mail, phone, password) and e-mail verification, against the real identity
// service on its own database, with a manual clock for link expiry.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, DEV_INTERNAL_KEYS, grpc } from '@mzansi/kit';
import { createTestDatabase, deleteTestStreams, expectGrpcError, serviceTestEnv, testNamespace } from '@mzansi/kit/testing';
import { TEXT_MESSAGES } from '@mzansi/kit/text';
import { IdentityServiceClient, type User } from '@mzansi/proto/identity/v1/identity';
import { start } from '../src/main.js';
import { VERIFICATION_MESSAGES } from '../src/domain/email-verification.js';
import { MESSAGES } from '../src/domain/users.js';
import { PROFILE_MESSAGES } from '../src/entry-points/grpc/profile-handlers.js';
import { signUpReq } from './helpers.js';

let now = new Date('2026-03-02T08:00:00Z');
const clock = () => now;
const HOUR = 3600_000;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: string;
let svc: Awaited<ReturnType<typeof start>>;
let client: ReturnType<typeof createPromiseClient<IdentityServiceClient>>;
let sql: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase('identity');
  ns = testNamespace();
  svc = await start(serviceTestEnv(db.url, ns, { EMAIL_VERIFICATIONS_PER_HOUR: '3' }), { clock });
  client = createPromiseClient(IdentityServiceClient, `127.0.0.1:${svc.grpcPort}`, { internalKeys: DEV_INTERNAL_KEYS });
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
});

afterAll(async () => {
  client?.close();
  await sql?.end();
  await svc?.stop();
  await deleteTestStreams(ns).catch(() => undefined);
  await db?.drop();
});

let n = 0;
async function newUser(email = ''): Promise<{ user: User; actor: { actor: { id: string; isAdmin: boolean } } }> {
  const { user } = await client.signUp({ ...signUpReq(`prof_${++n}`), email });
  return { user: user!, actor: { actor: { id: user!.id, isAdmin: false } } };
}

/** The verification links identity asked notification to mail (its outbox: the event carries the token). */
async function linksFor(userId: string): Promise<{ email: string; token: string; language?: string }[]> {
  const { rows } = await sql.query<{ payload: { data: { userId: string; email: string; token: string; language?: string } } }>(
    `SELECT payload FROM outbox WHERE subject = 'identity.email_verification.requested' ORDER BY occurred_at, id`,
  );
  return rows.map((r) => r.payload.data).filter((d) => d.userId === userId);
}

describe('profile editing', () => {
  it('changes the name by the signup rules: NFC-normalised, trimmed, no bidi controls, something visible', async () => {
    const { actor } = await newUser();
    const decomposed = 'Zoe\u0301 Mokoena'; // "Zoé" typed as e + combining acute
    const { user } = await client.updateUser({ name: `  ${decomposed} ` }, actor);
    expect(user!.name).toBe('Zo\u00e9 Mokoena');
    await expectGrpcError(client.updateUser({ name: 'Evil\u202Eeman' }, actor), grpc.status.INVALID_ARGUMENT, TEXT_MESSAGES.bidi('Name'));
    await expectGrpcError(client.updateUser({ name: '\u200B\u200D ' }, actor), grpc.status.INVALID_ARGUMENT, PROFILE_MESSAGES.nameRequired);
    await expectGrpcError(client.updateUser({ name: 'x'.repeat(101) }, actor), grpc.status.INVALID_ARGUMENT, 'Name must be at most 100 characters');
    expect((await client.getUser({ id: user!.id })).user!.name).toBe('Zo\u00e9 Mokoena');
  });

  it('changes (stored as E.164) and clears the phone number; refuses a bad one', async () => {
    const { actor } = await newUser();
    expect((await client.updateUser({ phoneNumber: '+27 82 555 0199' }, actor)).user!.phoneNumber).toBe('+27825550199');
    expect((await client.updateUser({ phoneNumber: '082 555 0198' }, actor)).user!.phoneNumber).toBe('+27825550198');
    await expectGrpcError(client.updateUser({ phoneNumber: 'call me' }, actor), grpc.status.INVALID_ARGUMENT);
    expect((await client.updateUser({ phoneNumber: '' }, actor)).user!.phoneNumber).toBe('');
  });

  it('needs a readable number (local or with its code) before WhatsApp alerts can be on', async () => {
    const { actor } = await newUser();
    await expectGrpcError(client.updateUser({ phoneNumber: '082123456' }, actor), grpc.status.INVALID_ARGUMENT, MESSAGES.phone);
    await expectGrpcError(client.updateUser({ whatsappNotifications: true }, actor), grpc.status.INVALID_ARGUMENT, MESSAGES.whatsappPhone);
    const { user } = await client.updateUser({ phoneNumber: '+27821234567', whatsappNotifications: true }, actor);
    expect(user!.whatsappNotifications).toBe(true);
    // Clearing the number while WhatsApp alerts are on is refused too; nothing changes.
    await expectGrpcError(client.updateUser({ phoneNumber: '' }, actor), grpc.status.INVALID_ARGUMENT, MESSAGES.whatsappPhone);
    expect((await client.updateUser({ phoneNumber: '', whatsappNotifications: false }, actor)).user!.phoneNumber).toBe('');
  });

  it('the password changes only with the right current password, and the new one signs in', async () => {
    const { user, actor } = await newUser();
    await expectGrpcError(
      client.changePassword({ currentPassword: 'not-it-at-all', newPassword: 'a-brand-new-pass' }, actor),
      grpc.status.INVALID_ARGUMENT,
      PROFILE_MESSAGES.wrongPassword,
    );
    await expectGrpcError(client.changePassword({ currentPassword: 'correct-horse-1', newPassword: 'short' }, actor), grpc.status.INVALID_ARGUMENT);
    await expectGrpcError(
      client.changePassword({ currentPassword: 'correct-horse-1', newPassword: 'correct-horse-1' }, actor),
      grpc.status.INVALID_ARGUMENT,
      PROFILE_MESSAGES.samePassword,
    );
    await client.changePassword({ currentPassword: 'correct-horse-1', newPassword: 'a-brand-new-pass' }, actor);
    await expectGrpcError(client.login({ username: user.username, password: 'correct-horse-1' }), grpc.status.UNAUTHENTICATED);
    expect((await client.login({ username: user.username, password: 'a-brand-new-pass' })).user!.id).toBe(user.id);
    await expectGrpcError(client.changePassword({ currentPassword: 'x', newPassword: 'y-long-enough' }), grpc.status.UNAUTHENTICATED);
  });
});

describe('e-mail verification', () => {
  it('the link goes out in the signup page’s language, later ones in the profile’s; an unknown language is refused', async () => {
    const { user } = await client.signUp({ ...signUpReq(`prof_${++n}`), email: 'sipho@example.co.za', language: 'zu' });
    expect((await linksFor(user!.id)).map((l) => l.language)).toEqual(['zu']);
    // The page's language is the mail's only: the profile's stays unchosen.
    expect(user!.language).toBe('');
    const actor = { actor: { id: user!.id, isAdmin: false } };
    await client.updateUser({ language: 'af', email: 'sipho2@example.co.za' }, actor);
    expect((await linksFor(user!.id)).map((l) => l.language)).toEqual(['zu', 'af']);
    const english = await newUser('plain@example.co.za');
    expect((await linksFor(english.user.id))[0]!.language).toBeUndefined();
    await expectGrpcError(client.signUp({ ...signUpReq(`prof_${++n}`), email: 'x@example.co.za', language: 'fr' }), grpc.status.INVALID_ARGUMENT, MESSAGES.language);
  });

  it('an address given at signup is unverified, its link verifies it once, and the snapshot says so', async () => {
    const { user } = await newUser('lerato@example.co.za');
    expect(user.emailVerified).toBe(false);
    const [link] = await linksFor(user.id);
    expect(link!.email).toBe('lerato@example.co.za');
    expect(link!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // identity keeps only a hash of the token
    const stored = await sql.query(`SELECT token_hash FROM email_verifications WHERE user_id = $1`, [user.id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).not.toContain(link!.token);

    expect((await client.verifyEmail({ token: link!.token })).email).toBe('lerato@example.co.za');
    expect((await client.getUser({ id: user.id })).user!.emailVerified).toBe(true);
    // Single use.
    await expectGrpcError(client.verifyEmail({ token: link!.token }), grpc.status.INVALID_ARGUMENT, VERIFICATION_MESSAGES.invalidLink);
    const updated = await sql.query<{ payload: { data: { user: { id: string; emailVerified?: boolean } } } }>(
      `SELECT payload FROM outbox WHERE subject = 'identity.user.updated' ORDER BY occurred_at DESC`,
    );
    expect(updated.rows.find((r) => r.payload.data.user.id === user.id)?.payload.data.user.emailVerified).toBe(true);
  });

  it('a changed address is unverified again; the old address’s link no longer verifies anything', async () => {
    const { user, actor } = await newUser('first@example.co.za');
    await client.verifyEmail({ token: (await linksFor(user.id))[0]!.token });
    // The same address in another case is not a change.
    expect((await client.updateUser({ email: 'FIRST@example.co.za' }, actor)).user!.emailVerified).toBe(true);
    expect(await linksFor(user.id)).toHaveLength(1);

    const changed = (await client.updateUser({ email: 'second@example.co.za' }, actor)).user!;
    expect(changed).toMatchObject({ email: 'second@example.co.za', emailVerified: false });
    const links = await linksFor(user.id);
    expect(links.map((l) => l.email)).toEqual(['first@example.co.za', 'second@example.co.za']);

    // A link sent to an address the user has since replaced proves nothing about the current one.
    await client.updateUser({ email: 'third@example.co.za' }, actor);
    await expectGrpcError(client.verifyEmail({ token: links[1]!.token }), grpc.status.INVALID_ARGUMENT, VERIFICATION_MESSAGES.invalidLink);
    expect((await client.getUser({ id: user.id })).user!.emailVerified).toBe(false);
  });

  it('a link expires (24 h by default, by the injected clock)', async () => {
    const { user } = await newUser('late@example.co.za');
    const [link] = await linksFor(user.id);
    const saved = now;
    try {
      now = new Date(saved.getTime() + 24 * HOUR + 1000);
      await expectGrpcError(client.verifyEmail({ token: link!.token }), grpc.status.INVALID_ARGUMENT, VERIFICATION_MESSAGES.invalidLink);
    } finally {
      now = saved;
    }
    expect((await client.getUser({ id: user.id })).user!.emailVerified).toBe(false);
    // Still good just before expiry.
    now = new Date(saved.getTime() + 24 * HOUR - 1000);
    try {
      expect((await client.verifyEmail({ token: link!.token })).email).toBe('late@example.co.za');
    } finally {
      now = saved;
    }
  });

  it('garbage tokens are refused without a look-up; resending is limited per hour', async () => {
    for (const token of ['', 'x', 'a'.repeat(43) + '!', 'a'.repeat(500)]) {
      await expectGrpcError(client.verifyEmail({ token }), grpc.status.INVALID_ARGUMENT, VERIFICATION_MESSAGES.invalidLink);
    }
    const { user, actor } = await newUser('spam-target@example.co.za'); // 1 of 3 this hour
    await client.resendEmailVerification({}, actor); // 2
    await client.resendEmailVerification({}, actor); // 3
    await expectGrpcError(client.resendEmailVerification({}, actor), grpc.status.RESOURCE_EXHAUSTED, VERIFICATION_MESSAGES.tooMany);
    // Changing the address does not get around the limit either.
    await expectGrpcError(client.updateUser({ email: 'someone-else@example.co.za' }, actor), grpc.status.RESOURCE_EXHAUSTED, VERIFICATION_MESSAGES.tooMany);
    expect((await client.getUser({ id: user.id })).user!.email).toBe('spam-target@example.co.za');
    const saved = now;
    now = new Date(saved.getTime() + HOUR + 1000);
    try {
      expect((await client.resendEmailVerification({}, actor)).email).toBe('spam-target@example.co.za');
    } finally {
      now = saved;
    }
    const { actor: noMail } = await newUser();
    await expectGrpcError(client.resendEmailVerification({}, noMail), grpc.status.INVALID_ARGUMENT, VERIFICATION_MESSAGES.noEmail);
  });
});
