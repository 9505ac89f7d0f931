import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, outboxDrained } from '@mzansi/kit/testing';
import { ADMIN_PASSWORD, identityHarness, until, type Harness } from './helpers.js';

let h: Harness;

beforeAll(async () => {
  h = await identityHarness({ ADMIN_USERNAME: 'Mzansi_Admin', ADMIN_NAME: 'The Admin' });
});

afterAll(async () => {
  await h?.cleanup();
});

const adminRows = async (pool: { query: (q: string) => Promise<{ rows: unknown[] }> }) =>
  (await pool.query(`SELECT id, username, name, is_admin FROM users WHERE lower(username) = 'mzansi_admin'`)).rows as {
    id: string;
    username: string;
    name: string;
    is_admin: boolean;
  }[];

describe('admin bootstrap', () => {
  it('creates the configured admin on start, able to log in with ADMIN_PASSWORD, and does not duplicate it on restart', async () => {
    const first = await h.start();
    const rows = await adminRows(first.ctx.pool);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'Mzansi_Admin', name: 'The Admin', is_admin: true });

    const c1 = h.client(first);
    const { user } = await c1.login({ username: 'mzansi_admin', password: ADMIN_PASSWORD });
    expect(user).toMatchObject({ id: rows[0]!.id, username: 'Mzansi_Admin', isAdmin: true });
    // The admin is a real admin for admin-only calls.
    const { users } = await c1.listUsers({}, { actor: { id: user!.id, isAdmin: user!.isAdmin } });
    expect(users.map((u) => u.username)).toEqual(['Mzansi_Admin']);
    await first.stop();

    // Restart on the same database: still exactly one admin, same id, still logs in.
    const second = await h.start();
    const again = await adminRows(second.ctx.pool);
    expect(again).toEqual(rows);
    const c2 = h.client(second);
    expect((await c2.login({ username: 'Mzansi_Admin', password: ADMIN_PASSWORD })).user!.id).toBe(rows[0]!.id);

    // And only one registration event was ever published for it.
    const registered = await until(async () => {
      const e = (await h.events()).filter((ev) => ev.type === 'identity.user.registered');
      return e.length > 0 ? e : undefined;
    });
    await eventually(() => outboxDrained(h.db.url)); // every event is out: none can follow
    expect((await h.events()).filter((ev) => ev.type === 'identity.user.registered')).toHaveLength(registered.length);
    expect(registered.map((e) => (e.data as { user: { id: string } }).user.id)).toEqual([rows[0]!.id]);
    await second.stop();
  });

  it('two instances starting at once make one admin between them', async () => {
    const [a, b] = await Promise.all([h.start(), h.start()]);
    expect(await adminRows(a.ctx.pool)).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('keeps the admin password in step with configuration and restores isAdmin', async () => {
    const r1 = await h.start();
    const [row] = await adminRows(r1.ctx.pool);
    await r1.ctx.pool.query('UPDATE users SET is_admin = false WHERE id = $1', [row!.id]);
    await r1.stop();

    const r2 = await h.start({ ADMIN_PASSWORD: 'a-new-admin-password' });
    const c = h.client(r2);
    const rows = await adminRows(r2.ctx.pool);
    expect(rows).toEqual([{ ...row, is_admin: true }]);
    expect((await c.login({ username: 'Mzansi_Admin', password: 'a-new-admin-password' })).user!.isAdmin).toBe(true);
    await expectGrpcError(c.login({ username: 'Mzansi_Admin', password: ADMIN_PASSWORD }), grpc.status.UNAUTHENTICATED, 'Invalid username or password');
    await r2.stop();
  });
});
