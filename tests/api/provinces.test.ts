import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mzansi/kit/testing';
import { expectCleanError, PASSWORD, signInAdmin, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';

/**
 * Results by province: a user's optional province (at signup, on the profile) is counted with each answer;
 * results panels and the public archive carry the nine provinces, each withheld (no number at all) below 30 answers
 * or where national minus the provinces shown would leave fewer than 30 (tests/security/province-suppression.test.ts).
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_CACHE_MS: '0' });
  adminB = await signInAdmin(gw);
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

async function signUpIn(province: string | undefined) {
  const b = gw.browser();
  const username = uname('prov');
  const res = await b.post('/api/auth/signup', { username, password: PASSWORD, name: `Voter ${username}`, consent: true, ...(province && { province }) });
  expect(res.status, res.text).toBe(201);
  return { b, id: res.json.id as string, province: res.json.province as string | null };
}

describe('the province of a user', () => {
  it('is optional at signup, one of the nine, and can be set or cleared on the profile', async () => {
    const none = await signUpIn(undefined);
    expect(none.province).toBeNull();
    const gp = await signUpIn('GP');
    expect(gp.province).toBe('GP');
    const bad = await gw.browser().post('/api/auth/signup', { username: uname('prov'), password: PASSWORD, name: 'X', consent: true, province: 'Atlantis' });
    expectCleanError(bad, 400, 'Please choose one of the nine provinces');

    expect((await none.b.patch(`/api/users/${none.id}`, { province: 'KZN' })).json.province).toBe('KZN');
    expect((await none.b.get('/api/auth/me')).json.province).toBe('KZN');
    expectCleanError(await none.b.patch(`/api/users/${none.id}`, { province: 'XX' }), 400, 'Please choose one of the nine provinces');
    expect((await none.b.patch(`/api/users/${none.id}`, { province: null })).json.province).toBeNull();
  });
});

describe('the province breakdown', () => {
  it('30 answers from Gauteng show its split; 29 from Limpopo and 1 without a province stay hidden', async () => {
    const created = await adminB.post('/api/admin/questions', {
      text: `Will the ANC hold Gauteng ${randomUUID().slice(0, 6)}`,
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    });
    const id = created.json.id as string;
    expect((await adminB.post(`/api/admin/questions/${id}/publish`)).status).toBe(200);
    await system.projected(id);

    // A few signups at a time: each is an argon2 hash, and 59 at once can outlast the gRPC deadline on a loaded box.
    const signUpMany = async (n: number, province: string) => {
      const out: Awaited<ReturnType<typeof signUpIn>>[] = [];
      while (out.length < n) out.push(...(await Promise.all(Array.from({ length: Math.min(5, n - out.length) }, () => signUpIn(province)))));
      return out;
    };
    const gauteng = await signUpMany(30, 'GP');
    const limpopo = await signUpMany(29, 'LP');
    // Without this one, national minus Gauteng would be Limpopo's 29 exactly, and Gauteng would be hidden too.
    const nowhere = await signUpIn(undefined);
    const all = [...gauteng, ...limpopo];
    // Voting learns each province from identity's events before the answers are counted by it.
    await eventually(async () => {
      const rows = await system.votingSql<{ n: number }>('SELECT count(*)::int AS n FROM user_province WHERE user_id = ANY($1::uuid[])', [all.map((u) => u.id)]);
      return rows[0]!.n === all.length;
    }, 20_000);
    // Gauteng: 20 yes, 10 no. Limpopo: 29 yes.
    await Promise.all(
      [...all, nowhere].map(async (u, i) => {
        const optionId = i < 20 || i >= 30 ? 'yes' : 'no';
        const res = await u.b.post('/api/answers', { userId: u.id, questionId: id, optionId });
        expect(res.status, res.text).toBe(201);
      }),
    );

    const reader = gauteng[0]!;
    const panel = await reader.b.get(`/api/questions/${id}/results?userId=${reader.id}`);
    expect(panel.status, panel.text).toBe(200);
    const listed = (await gw.browser().get('/api/questions/public')).json.find((q: { id: string }) => q.id === id);
    for (const provinces of [panel.json.provinces, listed.provinces]) {
      expect(provinces.map((p: { code: string }) => p.code)).toEqual(['EC', 'FS', 'GP', 'KZN', 'LP', 'MP', 'NC', 'NW', 'WC']);
      const byCode = new Map(provinces.map((p: { code: string }) => [p.code, p]));
      expect(byCode.get('GP')).toEqual({
        code: 'GP',
        name: 'Gauteng',
        totalVotes: 30,
        shown: true,
        results: [
          { optionId: 'yes', votes: 20, percentage: 66.7 },
          { optionId: 'no', votes: 10, percentage: 33.3 },
        ],
      });
      expect(byCode.get('LP')).toEqual({ code: 'LP', name: 'Limpopo', totalVotes: null, shown: false, results: [] });
      expect(byCode.get('WC')).toEqual({ code: 'WC', name: 'Western Cape', totalVotes: null, shown: false, results: [] });
    }
    // A vote's answer carries the figures the gateway last heard on the live channel: once it has heard the last
    // totals, the same as the panel's (a repeated answer is answered like a first one).
    await eventually(async () => {
      const again = await reader.b.post('/api/answers', { userId: reader.id, questionId: id, optionId: 'yes' });
      expect(again.status, again.text).toBe(200);
      return again.json.results?.totalVotes === 60 ? again.json.results : undefined;
    }, 20_000, 200).then((figures) => {
      expect(figures).toEqual({ results: panel.json.results, totalVotes: 60, provinces: panel.json.provinces });
    });
    // The counters are exact and few: one row per province and option, whatever the number of answers.
    const rows = await system.votingSql('SELECT province, option_id, count::int FROM province_counts WHERE question_id = $1 ORDER BY 1, 2', [id]);
    expect(rows).toEqual([
      { province: 'GP', option_id: 'no', count: 10 },
      { province: 'GP', option_id: 'yes', count: 20 },
      { province: 'LP', option_id: 'yes', count: 29 },
    ]);
  }, 120_000);
});
