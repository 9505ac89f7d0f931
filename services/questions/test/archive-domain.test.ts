import { describe, expect, it } from 'vitest';
import { isCursor, searchQuery } from '../src/domain/archive.js';

describe('archive search and cursor', () => {
  it('searches every word as a prefix, keeping only letters and digits', () => {
    expect(searchQuery('Eskom load-shedding')).toBe('eskom:* & load:* & shedding:*');
    expect(searchQuery("  Ramaphosa's  2026 ")).toBe('ramaphosa:* & s:* & 2026:*');
    expect(searchQuery("a & b | !c:* <-> 'd'")).toBe('a:* & b:* & c:* & d:*');
    expect(searchQuery('Ñandú isiZulu')).toBe('ñandú:* & isizulu:*');
    expect(searchQuery(' &|!() ')).toBeNull();
    expect(searchQuery('1 2 3 4 5 6 7 8 9 10')?.split(' & ')).toHaveLength(8);
  });

  it('a cursor is a question id (the last one shown)', () => {
    expect(isCursor('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isCursor('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    expect(isCursor('')).toBe(false);
    expect(isCursor('not a cursor')).toBe(false);
    expect(isCursor("0f8fad5b-d9cb-469f-a165-70867728950e' or 1=1")).toBe(false);
  });
});
