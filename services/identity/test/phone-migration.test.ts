import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePhone } from '../src/domain/phone.js';
import { signUpReq, useIdentityService, type IdentityClient, type Running } from './helpers.js';

let svc: Running;
let client: IdentityClient;
useIdentityService((started) => ({ svc, client } = started), { signInAdmin: false });

/** Migration 0007's rewrite of stored numbers (its last statement), run again over numbers stored before the rule. */
const REWRITE = readFileSync(new URL('../drizzle/0007_signup.sql', import.meta.url), 'utf8').split('--> statement-breakpoint').at(-1)!;

describe('migration 0007: stored phone numbers in E.164', () => {
  it('rewrites every number the parser can read, as the parser does; leaves the rest as typed; empty becomes null', async () => {
    const stored = ['082 555 1234', '(021) 555-0000', '+27 82 000 1111', '27 83 123 4567', '+27 (0)84 765 4321', '0027 71 222 3333', '+44 20 7946 0958', 'call me', '082 555', ''];
    const ids: string[] = [];
    for (const [i, raw] of stored.entries()) {
      const { user } = await client.signUp(signUpReq(`mig_phone_${i}`));
      // As an older version stored it (no rule then beyond a loose pattern).
      await svc.ctx.pool.query('UPDATE users SET phone_number = $2 WHERE id = $1', [user!.id, raw]);
      ids.push(user!.id);
    }
    await svc.ctx.pool.query(REWRITE);
    const { rows } = await svc.ctx.pool.query<{ id: string; phone_number: string | null }>('SELECT id, phone_number FROM users WHERE id = ANY($1)', [ids]);
    const after = new Map(rows.map((r) => [r.id, r.phone_number]));
    expect(stored.map((_, i) => after.get(ids[i]!))).toEqual([
      '+27825551234',
      '+27215550000',
      '+27820001111',
      '+27831234567',
      '+27847654321',
      '+27712223333',
      '+442079460958',
      'call me',
      '082 555',
      null,
    ]);
    // The SQL and the domain's parser agree on everything readable.
    stored.forEach((raw, i) => {
      if (parsePhone(raw)) expect(after.get(ids[i]!)).toBe(parsePhone(raw));
    });
  });

  it('a new account has not yet done the "complete your profile" step; saying so once keeps it done', async () => {
    const { user } = await client.signUp(signUpReq('mig_prompt'));
    expect(user!.profilePromptDone).toBe(false);
    const actor = { actor: { id: user!.id, isAdmin: false } };
    expect((await client.updateUser({ profilePromptDone: true }, actor)).user!.profilePromptDone).toBe(true);
    expect((await client.updateUser({ profilePromptDone: false }, actor)).user!.profilePromptDone).toBe(true);
  });
});
