import { describe, expect, it } from 'vitest';
import { addAgree, MAX_AGREERS_KEPT, pageSize, readIds, removeAgreer } from '../src/domain/inbox.js';

const on = { commentId: 'c1', questionId: 'q1' };
const agree = (id: string, name = `Name ${id}`) => ({ ...on, agreerId: id, agreerName: name });

describe('grouped agrees', () => {
  it('counts each person once and names the latest', () => {
    const one = addAgree(undefined, agree('a', 'Thandi'))!;
    const two = addAgree(one, agree('b', 'Sipho'))!;
    expect(two).toMatchObject({ count: 2, latestName: 'Sipho' });
    expect(addAgree(two, agree('a', 'Thandi'))).toBeUndefined();
  });

  it('keeps at most MAX_AGREERS_KEPT people by id while the count goes on', () => {
    let p = addAgree(undefined, agree('0'))!;
    for (let i = 1; i <= MAX_AGREERS_KEPT + 5; i++) p = addAgree(p, agree(String(i)))!;
    expect(p.count).toBe(MAX_AGREERS_KEPT + 6);
    expect(p.agreers).toHaveLength(MAX_AGREERS_KEPT);
  });

  it('an erased person is taken out: one fewer, the latest left named; nobody left: gone', () => {
    const p = addAgree(addAgree(undefined, agree('a', 'Thandi')), agree('b', 'Sipho'))!;
    expect(removeAgreer(p, 'b')).toMatchObject({ count: 1, latestName: 'Thandi', agreers: [{ id: 'a', name: 'Thandi' }] });
    expect(removeAgreer(removeAgreer(p, 'b')!, 'a')).toBeNull();
    expect(removeAgreer(p, 'z')).toBe(p);
  });
});

describe('inbox requests', () => {
  it('pages of 1 … 30, and only well-formed ids, lower case, once', () => {
    expect([pageSize(0), pageSize(-3), pageSize(5), pageSize(500)]).toEqual([30, 1, 5, 30]);
    const id = 'A5D1C5B2-7C1E-4C55-9B0A-2F1E0C9D8E7F';
    expect(readIds([id, id.toLowerCase(), 'nope', ''])).toEqual([id.toLowerCase()]);
  });
});
