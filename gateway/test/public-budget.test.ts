import { describe, expect, it } from 'vitest';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import { PublicBudget, type Budget } from '../src/public-budget.js';

/** The shared store, as Redis would hold it (rate-limiter-flexible's in-memory limiter), counting its calls. */
function store(points: number) {
  const limiter = new RateLimiterMemory({ points, duration: 60 });
  const calls = { consume: 0, penalty: 0 };
  const counted = {
    consume: (key: string, n = 1) => (calls.consume++, limiter.consume(key, n)),
    penalty: (key: string, n = 1) => (calls.penalty++, limiter.penalty(key, n)),
    get: (key: string) => limiter.get(key),
  };
  return { limiter: counted as unknown as RateLimiterRedis, calls, used: async (key: string) => (await limiter.get(key))?.consumedPoints ?? 0 };
}

const settle = async (r: Promise<Budget> | Budget) => {
  try {
    return await r;
  } catch (err) {
    if (err instanceof RateLimiterRes) return 'refused' as const;
    throw err;
  }
};

describe('the public API budget', () => {
  it('announces exactly what is left for reads one after another, and refuses the first read past it', async () => {
    const s = store(3);
    const budget = new PublicBudget(s.limiter);
    try {
      const left = [];
      for (let i = 0; i < 4; i++) {
        const r = await settle(budget.consume('203.0.113.7'));
        left.push(r === 'refused' ? r : r.remaining);
      }
      expect(left).toEqual([2, 1, 0, 'refused']);
      expect(await s.used('203.0.113.7')).toBeGreaterThanOrEqual(3);
    } finally {
      budget.stop();
    }
  });

  it('admits most reads without asking the store, counts every one of them there soon after, and never more than the budget', async () => {
    const s = store(600);
    const budget = new PublicBudget(s.limiter);
    try {
      let admitted = 0;
      for (let i = 0; i < 200; i++) if ((await settle(budget.consume('a'))) !== 'refused') admitted++;
      expect(admitted).toBe(200);
      // At most one read in LOCAL_BATCH (20) goes to the store before it is answered.
      expect(s.calls.consume).toBeLessThanOrEqual(200 / 20 + 1);
      await new Promise((r) => setTimeout(r, 250));
      expect(await s.used('a')).toBe(200);
      // Another address has its own budget.
      expect(await settle(budget.consume('b'))).toMatchObject({ remaining: 599 });
      // The rest of the budget and beyond it: exactly 600 admitted in all (one replica), the rest refused.
      for (let i = 0; i < 600; i++) if ((await settle(budget.consume('a'))) !== 'refused') admitted++;
      expect(admitted).toBe(600);
      expect(await settle(budget.consume('a'))).toBe('refused');
    } finally {
      budget.stop();
    }
  });

  it('far from the limit a busy address costs one store call per flush, not one per LOCAL_BATCH reads', async () => {
    const s = store(100_000);
    const budget = new PublicBudget(s.limiter);
    try {
      for (let i = 0; i < 2_000; i++) expect(await settle(budget.consume('busy'))).not.toBe('refused');
      // The first read asks (nothing known yet); a tenth of 99,999 left covers the rest until the next flush.
      expect(s.calls.consume).toBe(1);
      await new Promise((r) => setTimeout(r, 250));
      expect(await s.used('busy')).toBe(2_000);
      expect(s.calls.penalty).toBe(1);
    } finally {
      budget.stop();
    }
  });

  it('a window that has ended is asked of the store again (the injected clock)', async () => {
    let now = 1_000_000;
    const s = store(5);
    const budget = new PublicBudget(s.limiter, () => now);
    try {
      await settle(budget.consume('c'));
      const before = s.calls.consume;
      now += 61_000;
      await settle(budget.consume('c'));
      expect(s.calls.consume).toBe(before + 1);
    } finally {
      budget.stop();
    }
  });
});
