// ListSuspensions against the real identity service and database, with a manual clock: the admin lists get every
// suspension in force in one call; one that has run out or was lifted is left out; admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, DEV_INTERNAL_KEYS, grpc } from '@mzansi/kit';
import { createTestDatabase, expectGrpcError, serviceTestEnv, testNamespace } from '@mzansi/kit/testing';
import { IdentityServiceClient, type User } from '@mzansi/proto/identity/v1/identity';
import { start } from '../src/main.js';
import { ADMIN_PASSWORD, signUpReq } from './helpers.js';

const DAY = 86_400_000;
let now = new Date('2026-12-01T10:00:00Z');
const clock = () => now;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let svc: Awaited<ReturnType<typeof start>>;
let client: ReturnType<typeof createPromiseClient<IdentityServiceClient>>;
let admin: User;
const asAdmin = () => ({ actor: { id: admin.id, isAdmin: true } });

beforeAll(async () => {
  db = await createTestDatabase('identity');
  svc = await start(serviceTestEnv(db.url, testNamespace()), { clock });
  client = createPromiseClient(IdentityServiceClient, `127.0.0.1:${svc.grpcPort}`, { internalKeys: DEV_INTERNAL_KEYS });
  admin = (await client.login({ username: 'admin', password: ADMIN_PASSWORD })).user!;
});

afterAll(async () => {
  client?.close();
  await svc?.stop();
  await db?.drop();
});

describe('ListSuspensions', () => {
  it('lists the suspensions in force, all or among the ids given; run-out and lifted ones are left out', async () => {
    const [week, day, forever, lifted, free] = await Promise.all(
      ['ls_week', 'ls_day', 'ls_forever', 'ls_lifted', 'ls_free'].map(async (u) => (await client.signUp(signUpReq(u))).user!.id),
    );
    await client.setSuspension({ userId: week!, days: 7, reason: 'Harassment' }, asAdmin());
    await client.setSuspension({ userId: day!, days: 1, reason: 'Spam' }, asAdmin());
    await client.setSuspension({ userId: forever!, days: 0, reason: 'Hate speech' }, asAdmin());
    await client.setSuspension({ userId: lifted!, days: 30, reason: 'Doxxing' }, asAdmin());
    await client.liftSuspension({ userId: lifted! }, asAdmin());

    const all = async (userIds: string[] = []) => (await client.listSuspensions({ userIds }, asAdmin())).suspensions;
    expect(new Map((await all()).map((s) => [s.userId, s]))).toEqual(
      new Map([
        [week!, { userId: week!, suspended: true, until: new Date(now.getTime() + 7 * DAY), reason: 'Harassment' }],
        [day!, { userId: day!, suspended: true, until: new Date(now.getTime() + DAY), reason: 'Spam' }],
        [forever!, { userId: forever!, suspended: true, until: undefined, reason: 'Hate speech' }],
      ]),
    );
    expect((await all([day!, free!, lifted!, 'not-a-uuid'])).map((s) => s.userId)).toEqual([day]);
    expect(await all(['not-a-uuid'])).toEqual([]);

    // A day and a second later the one-day suspension is over (it ends at its `until`, exactly).
    now = new Date(now.getTime() + DAY);
    expect((await all()).map((s) => s.userId).sort()).toEqual([week!, forever!].sort());
  });

  it('answers admins only, and at most 1,000 ids at once', async () => {
    const user = (await client.signUp(signUpReq('ls_plain'))).user!;
    await expectGrpcError(client.listSuspensions({ userIds: [] }, { actor: { id: user.id, isAdmin: false } }), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(client.listSuspensions({ userIds: [] }), grpc.status.UNAUTHENTICATED);
    const many = Array.from({ length: 1_001 }, () => user.id);
    await expectGrpcError(client.listSuspensions({ userIds: many }, asAdmin()), grpc.status.INVALID_ARGUMENT);
  });
});
