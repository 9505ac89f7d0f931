import { describe, expect, it } from 'vitest';
import { archivePage, archivePageRequest, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_QUERY_LENGTH } from '../src/domain/archive.js';

/** The archive's page request and paging (domain/archive.ts): pure, no I/O. */

const ID = '0F8FAD5B-D9CB-469F-A165-70867728950E';
const NONE = { tag: null, status: null, date: null };

describe('archivePageRequest', () => {
  it('size: the default when not asked, at most MAX_PAGE_SIZE; the cursor in lower case; the search as a tsquery', () => {
    expect(archivePageRequest({ limit: 0, cursor: '', query: '' })).toEqual({ limit: DEFAULT_PAGE_SIZE, tsquery: null, afterId: null, ...NONE });
    expect(archivePageRequest({ limit: 500, cursor: ID, query: 'Elect' })).toEqual({ limit: MAX_PAGE_SIZE, tsquery: 'elect:*', afterId: ID.toLowerCase(), ...NONE });
    expect(archivePageRequest({ limit: 7, cursor: '', query: 'x'.repeat(MAX_QUERY_LENGTH) }).limit).toBe(7);
  });

  it('refuses, in this order, a negative size, a cursor that is no id, a search that is too long', () => {
    const long = 'x'.repeat(MAX_QUERY_LENGTH + 1);
    expect(() => archivePageRequest({ limit: -1, cursor: 'nope', query: long })).toThrow('limit must be positive');
    expect(() => archivePageRequest({ limit: 1, cursor: 'nope', query: long })).toThrow('cursor is not valid');
    expect(() => archivePageRequest({ limit: 1, cursor: ID, query: long })).toThrow('query is too long');
  });

  it('filters: a tag, a state and a SAST date, each checked; empty means any', () => {
    const base = { limit: 1, cursor: '', query: '' };
    expect(archivePageRequest({ ...base, tag: 'elections', status: 'open', date: '2026-03-01' })).toMatchObject({ tag: 'elections', status: 'open', date: '2026-03-01' });
    expect(archivePageRequest({ ...base, tag: '', status: '', date: '' })).toMatchObject(NONE);
    expect(() => archivePageRequest({ ...base, tag: 'x'.repeat(61) })).toThrow('tag is too long');
    expect(() => archivePageRequest({ ...base, status: 'pending' })).toThrow('status must be open, closed or resolved');
    expect(() => archivePageRequest({ ...base, date: '2026-3-1' })).toThrow('date must be a date');
    expect(() => archivePageRequest({ ...base, date: '2026-13-45' })).toThrow('date must be a date');
  });
});

describe('archivePage', () => {
  const rows = ['a', 'b', 'c'].map((id) => ({ id }));

  it('one row more than the page: a next page after the last shown', () => {
    expect(archivePage(rows, 2)).toEqual({ page: rows.slice(0, 2), nextCursor: 'b' });
  });

  it('no more rows than the page: the last page', () => {
    expect(archivePage(rows, 3)).toEqual({ page: rows, nextCursor: '' });
    expect(archivePage([], 3)).toEqual({ page: [], nextCursor: '' });
  });
});
