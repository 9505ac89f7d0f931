import { describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, findValuesInDatabase } from '@mzansi/kit/testing';
import type { User } from '@mzansi/proto/identity/v1/identity';
import { DELETE_MESSAGES } from '../src/domain/deletion.js';
import { ADMIN_PASSWORD, signUpReq, until, useIdentityService, type Harness, type IdentityClient, type Running } from './helpers.js';

/**
 * PRODUCT.md "Privacy": a user deletes their own account with their password, an admin deletes anyone else's; the
 * username is free at once, `identity.user.deleted` tells every other service, and identity keeps nothing of the
 * person (not even in its outbox). Download my data: identity's part (profile, preferences, consent).
 */
let h: Harness;
let svc: Running;
let client: IdentityClient;
let admin: User;
const PASSWORD = 'correct-horse-1';

const actorOf = (u: User) => ({ actor: { id: u.id, isAdmin: u.isAdmin } });
const personal = (u: User) => [u.id, u.username, u.name, u.email, u.phoneNumber].filter(Boolean);
const signUp = async (username: string) =>
  (await client.signUp({ ...signUpReq(username, PASSWORD, `Zanele ${username}`), email: `${username.toLowerCase()}@example.co.za`, phoneNumber: `+27 82 ${String(Date.now()).slice(-7)}` })).user!;

useIdentityService((started) => {
  ({ h, svc, client } = started);
  admin = started.admin!;
});

describe('exportUserData', () => {
  it('gives the acting user their profile, preferences and consent, and nobody else’s', async () => {
    const u = await signUp('Export_me');
    const out = await client.exportUserData({}, actorOf(u));
    expect(out.user).toMatchObject({ id: u.id, username: 'Export_me', name: 'Zanele Export_me', email: 'export_me@example.co.za', phoneNumber: u.phoneNumber, emailNotifications: true, privacyNoticeVersion: '1.0' });
    expect(out.user!.privacyConsentAt).toBeInstanceOf(Date);
    expect(out.updatedAt).toBeInstanceOf(Date);
    await expectGrpcError(client.exportUserData({}), grpc.status.UNAUTHENTICATED);
  });
});

describe('deleteUser', () => {
  it('needs the account’s own password from its owner, and refuses anyone else who is not an admin', async () => {
    const u = await signUp('Careful_one');
    const other = await signUp('Nosy_one');
    await expectGrpcError(client.deleteUser({ id: u.id, password: '' }, actorOf(u)), grpc.status.INVALID_ARGUMENT, DELETE_MESSAGES.passwordRequired);
    await expectGrpcError(client.deleteUser({ id: u.id, password: 'wrong-password-1' }, actorOf(u)), grpc.status.PERMISSION_DENIED, DELETE_MESSAGES.badPassword);
    await expectGrpcError(client.deleteUser({ id: u.id, password: PASSWORD }, actorOf(other)), grpc.status.PERMISSION_DENIED, DELETE_MESSAGES.notAllowed);
    await expectGrpcError(client.deleteUser({ id: u.id, password: PASSWORD }), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(client.deleteUser({ id: admin.id, password: ADMIN_PASSWORD }, actorOf(admin)), grpc.status.FAILED_PRECONDITION, DELETE_MESSAGES.configuredAdmin);
    await expectGrpcError(client.deleteUser({ id: '00000000-0000-4000-8000-000000000000', password: '' }, actorOf(admin)), grpc.status.NOT_FOUND);
    // Still there, still able to sign in.
    expect((await client.login({ username: 'Careful_one', password: PASSWORD })).user!.id).toBe(u.id);
  });

  it('deletes the own account: the username is free at once, one event with only the id, nothing left in identity', async () => {
    const u = await signUp('Leaving_Lindiwe');
    // identity's outbox still holds the registration (a day after publishing), with name, e-mail and phone.
    expect((await findValuesInDatabase(h.env.DATABASE_URL!, personal(u))).length).toBeGreaterThan(0);

    expect(await client.deleteUser({ id: u.id, password: PASSWORD }, actorOf(u))).toEqual({ byAdmin: false });
    await expectGrpcError(client.getUser({ id: u.id }), grpc.status.NOT_FOUND);
    await expectGrpcError(client.login({ username: 'Leaving_Lindiwe', password: PASSWORD }), grpc.status.UNAUTHENTICATED);

    const deleted = await until(async () => {
      const e = (await h.events()).filter((x) => x.type === 'identity.user.deleted');
      return e.length ? e : undefined;
    });
    expect(deleted).toHaveLength(1);
    expect(Object.keys(deleted[0]!.data).sort()).toEqual(['deletedAt', 'userId']);
    expect(deleted[0]!.data).toMatchObject({ userId: u.id });
    // The deletion's own outbox row goes once published; the registration's went with the account.
    await eventually(async () => (await findValuesInDatabase(h.env.DATABASE_URL!, personal(u))).length === 0, 10_000);

    // Idempotent from the outside: a second deletion finds nothing.
    await expectGrpcError(client.deleteUser({ id: u.id, password: PASSWORD }, actorOf(u)), grpc.status.NOT_FOUND);
    // The username can be registered again, by someone new.
    const again = await client.signUp(signUpReq('leaving_lindiwe', 'another-password-2', 'Someone Else'));
    expect(again.user!.id).not.toBe(u.id);
  });

  it('lets an admin delete someone else’s account without a password (the audited path)', async () => {
    const u = await signUp('Spammer_x');
    expect(await client.deleteUser({ id: u.id.toUpperCase(), password: '' }, actorOf(admin))).toEqual({ byAdmin: true });
    await expectGrpcError(client.getUser({ id: u.id }), grpc.status.NOT_FOUND);
    await eventually(async () => (await h.events()).some((e) => e.type === 'identity.user.deleted' && (e.data as { userId: string }).userId === u.id), 10_000);
  });

  it('answers a second, concurrent deletion of the same account with NOT_FOUND and announces it once', async () => {
    const u = await signUp('Twice_gone');
    const results = await Promise.allSettled([
      client.deleteUser({ id: u.id, password: '' }, actorOf(admin)),
      client.deleteUser({ id: u.id, password: '' }, actorOf(admin)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const announced = () => h.events().then((all) => all.filter((e) => e.type === 'identity.user.deleted' && (e.data as { userId: string }).userId === u.id));
    await eventually(async () => (await announced()).length === 1, 10_000);
    // The loser's transaction deleted nothing, so it wrote no event: once the winner's row is out, none is left.
    const left = async () => (await svc.ctx.pool.query(`SELECT count(*)::int AS n FROM outbox WHERE subject = 'identity.user.deleted'`)).rows[0].n;
    await eventually(async () => (await left()) === 0, 10_000);
    expect(await announced()).toHaveLength(1);
  });
});
