import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGrpcError, indexPlanOf, manualClock } from '@mzansi/kit/testing';
import { SIGNUPS_BY_DAY } from '../src/data-access/analytics-repo.js';
import { start } from '../src/main.js';
import { identityHarness, signUpReq, type Harness, type IdentityClient, type Running } from './helpers.js';

/**
 * GetSignupAnalytics against real PostgreSQL: accounts signed up through SignUp, their join dates then set to known
 * instants (the database stamps them), counted per SAST day (UTC+2) of the range; today from the injected clock.
 */
let h: Harness;
let svc: Running;
let client: IdentityClient;
const clock = manualClock('2026-05-15T10:00:00.000Z');
const asAdmin = { actor: { id: '00000000-0000-4000-8000-000000000001', isAdmin: true } };

beforeAll(async () => {
  h = await identityHarness();
  svc = await start(h.env, { clock: clock.now });
  client = h.client(svc);
  const joins = [
    '2026-04-30T21:59:59.000Z', // 23:59:59 SAST, 30 April: before the range
    '2026-04-30T22:00:00.000Z', // 00:00 SAST, 1 May
    '2026-05-03T21:30:00.000Z', // 23:30 SAST, 3 May
    '2026-05-03T22:30:00.000Z', // 00:30 SAST, 4 May
    '2026-05-04T12:00:00.000Z',
    '2026-05-15T09:00:00.000Z', // today
    '2026-05-15T22:00:00.000Z', // 00:00 SAST, 16 May: after the range
  ];
  for (const [i, at] of joins.entries()) {
    const { user } = await client.signUp(signUpReq(`joined_${i}_${Date.now().toString(36)}`));
    await svc.ctx.pool.query('UPDATE users SET join_date = $2 WHERE id = $1', [user!.id, at]);
  }
  // The admin account the service makes at its start joined "now" (the database's clock, not this test's): left out.
  await svc.ctx.pool.query(`UPDATE users SET join_date = '2020-01-01T00:00:00Z' WHERE username = 'admin'`);
});

afterAll(async () => {
  await svc?.stop();
  await h?.cleanup();
});

describe('GetSignupAnalytics', () => {
  it('counts sign-ups per SAST day of the range, every day listed, today from the clock', async () => {
    const a = await client.getSignupAnalytics({ today: '', days: 15 }, asAdmin);
    expect([a.firstDay, a.today]).toEqual(['2026-05-01', '2026-05-15']);
    expect(a.days).toHaveLength(15);
    expect(a.days.filter((d) => d.signups > 0)).toEqual([
      { day: '2026-05-01', signups: 1 },
      { day: '2026-05-03', signups: 1 },
      { day: '2026-05-04', signups: 2 },
      { day: '2026-05-15', signups: 1 },
    ]);
    const past = await client.getSignupAnalytics({ today: '2026-05-03', days: 3 }, asAdmin);
    expect(past.days).toEqual([
      { day: '2026-05-01', signups: 1 },
      { day: '2026-05-02', signups: 0 },
      { day: '2026-05-03', signups: 1 },
    ]);
  });

  it('is for admins only; a bad range is refused', async () => {
    await expectGrpcError(client.getSignupAnalytics({ today: '', days: 15 }, { actor: { id: asAdmin.actor.id, isAdmin: false } }), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(client.getSignupAnalytics({ today: '2026-13-01', days: 15 }, asAdmin), grpc.status.INVALID_ARGUMENT);
    await expectGrpcError(client.getSignupAnalytics({ today: '', days: 40 }, asAdmin), grpc.status.INVALID_ARGUMENT);
  });

  it('reads through the join date index (EXPLAIN)', async () => {
    expect(await indexPlanOf(svc.ctx.pool, SIGNUPS_BY_DAY, [new Date('2026-05-01'), new Date('2026-05-16')])).toContain('users_join_date_idx');
  });
});
