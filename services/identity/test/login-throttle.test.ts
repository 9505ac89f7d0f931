// identity's own per-username Login throttle: the rule (injected clock) and the gRPC service with it.
import { describe, expect, it } from 'vitest';
import { grpc, isGrpcError } from '@mzansi/kit';
import { expectGrpcError, manualClock } from '@mzansi/kit/testing';
import { LoginThrottle, THROTTLED_MESSAGE } from '../src/domain/login-throttle.js';
import { signUpReq, useIdentityService, type Harness, type IdentityClient, type Running } from './helpers.js';

describe('LoginThrottle (domain)', () => {
  const at = (start = 1_000_000) => {
    const clock = manualClock(start);
    return { clock: clock.now, advance: clock.advance };
  };

  it('allows `limit` attempts per window, then refuses until the window has passed', () => {
    const t = at();
    const throttle = new LoginThrottle({ limit: 3, windowMs: 60_000, maxEntries: 100, clock: t.clock });
    expect([1, 2, 3, 4, 5].map(() => throttle.take('Thandi'))).toEqual([true, true, true, false, false]);
    t.advance(59_999);
    expect(throttle.take('thandi')).toBe(false);
    t.advance(1);
    expect(throttle.take('thandi')).toBe(true);
  });

  it('counts usernames whatever their case and surrounding spaces, each on its own', () => {
    const throttle = new LoginThrottle({ limit: 2, windowMs: 60_000, maxEntries: 100, clock: at().clock });
    expect([throttle.take('Sipho'), throttle.take(' SIPHO '), throttle.take('sipho')]).toEqual([true, true, false]);
    expect(throttle.take('Lerato')).toBe(true);
  });

  it('the right password clears the username', () => {
    const throttle = new LoginThrottle({ limit: 2, windowMs: 60_000, maxEntries: 100, clock: at().clock });
    throttle.take('Naledi');
    throttle.take('Naledi');
    expect(throttle.take('Naledi')).toBe(false);
    throttle.succeeded('NALEDI');
    expect(throttle.take('Naledi')).toBe(true);
  });

  it('stays bounded: the least recently tried usernames are forgotten first', () => {
    const throttle = new LoginThrottle({ limit: 1, windowMs: 60_000, maxEntries: 3, clock: at().clock });
    for (const u of ['a1', 'b2', 'c3']) throttle.take(u);
    expect(throttle.take('a1')).toBe(false); // a1 is now the most recently tried
    throttle.take('d4'); // evicts b2
    expect(throttle.size).toBe(3);
    expect(throttle.take('b2')).toBe(true);
    expect(throttle.take('a1')).toBe(false);
  });
});

describe('Login with its throttle (LOGIN_THROTTLE_ATTEMPTS=5)', () => {
  let h: Harness;
  let svc: Running;
  let client: IdentityClient;

  useIdentityService((started) => ({ h, svc, client } = started), { env: { LOGIN_THROTTLE_ATTEMPTS: '5', LOGIN_THROTTLE_WINDOW_S: '600' }, signInAdmin: false });

  /** identity_password_checks_total on the service's metrics port: argon2 verifications actually run. */
  const passwordChecks = async () => {
    const text = await (await fetch(`http://127.0.0.1:${svc.metricsPort}/metrics`)).text();
    return Number(/^identity_password_checks_total\{[^}]*\} (\d+)$/m.exec(text)?.[1] ?? NaN);
  };

  it('40 parallel wrong passwords: 5 reach argon2, 35 are RESOURCE_EXHAUSTED; the same for an unknown username', async () => {
    await client.signUp(signUpReq('Direct_1'));
    for (const username of ['Direct_1', 'Nobody_1']) {
      const before = await passwordChecks();
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => client.login({ username, password: `wrong-password-${i}` }).then(() => 'OK', (e: unknown) => e)),
      );
      const codes = results.map((r) => (isGrpcError(r) ? grpc.status[r.code] : String(r)));
      expect(codes.filter((c) => c === 'UNAUTHENTICATED')).toHaveLength(5);
      expect(codes.filter((c) => c === 'RESOURCE_EXHAUSTED')).toHaveLength(35);
      expect(results.filter(isGrpcError).find((e) => e.code === grpc.status.RESOURCE_EXHAUSTED)!.details).toBe(THROTTLED_MESSAGE);
      expect((await passwordChecks()) - before).toBe(5);
    }
    // Even the right password waits for the window (this is the backstop, not the user-facing path).
    await expectGrpcError(client.login({ username: 'direct_1', password: 'correct-horse-1' }), grpc.status.RESOURCE_EXHAUSTED, THROTTLED_MESSAGE);
    // Other usernames are unaffected.
    await client.signUp(signUpReq('Direct_2'));
    expect((await client.login({ username: 'Direct_2', password: 'correct-horse-1' })).user!.username).toBe('Direct_2');
  });

  it('a right password clears earlier failures', async () => {
    await client.signUp(signUpReq('Direct_3'));
    for (let i = 0; i < 4; i++) await expectGrpcError(client.login({ username: 'Direct_3', password: 'nope-nope-1' }), grpc.status.UNAUTHENTICATED);
    await client.login({ username: 'Direct_3', password: 'correct-horse-1' });
    for (let i = 0; i < 4; i++) await expectGrpcError(client.login({ username: 'Direct_3', password: 'nope-nope-1' }), grpc.status.UNAUTHENTICATED);
    expect((await client.login({ username: 'Direct_3', password: 'correct-horse-1' })).user!.username).toBe('Direct_3');
  });
});
