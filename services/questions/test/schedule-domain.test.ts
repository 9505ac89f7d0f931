import { describe, expect, it } from 'vitest';
import { assertCanSchedule, dueOutcome, formatLateness, isDue } from '../src/domain/schedule.js';

const at = (iso: string) => new Date(iso);
const draft = { isPublished: false, isArchived: false };

describe('the SAST-day rule for a schedule found due', () => {
  it('publishes on its SAST day however late, including up to 21:59:59 UTC', () => {
    expect(dueOutcome(at('2026-12-01T11:00:00Z'), at('2026-12-01T11:00:00Z'))).toEqual({ kind: 'publish', lateMs: 0 });
    expect(dueOutcome(at('2026-12-01T11:00:00Z'), at('2026-12-01T21:59:59.999Z'))).toMatchObject({ kind: 'publish' });
    // 23:30 UTC on 30 November is already 1 December in SAST.
    expect(dueOutcome(at('2026-11-30T22:30:00Z'), at('2026-12-01T21:00:00Z'))).toMatchObject({ kind: 'publish' });
  });

  it('is missed once the SAST day has ended (22:00 UTC)', () => {
    expect(dueOutcome(at('2026-12-01T11:00:00Z'), at('2026-12-01T22:00:00Z'))).toEqual({ kind: 'missed', lateMs: 11 * 3600_000 });
    expect(dueOutcome(at('2026-12-01T21:59:00Z'), at('2026-12-01T22:00:01Z'))).toMatchObject({ kind: 'missed' });
    expect(dueOutcome(at('2026-12-01T11:00:00Z'), at('2026-12-05T11:00:00Z'))).toMatchObject({ kind: 'missed' });
  });

  it('is due only for a pending, unmissed draft whose time has come', () => {
    const s = { ...draft, scheduledFor: at('2026-12-01T11:00:00Z'), scheduleMissedAt: null };
    expect(isDue(s, at('2026-12-01T11:00:00Z'))).toBe(true);
    expect(isDue(s, at('2026-12-01T10:59:59.999Z'))).toBe(false);
    expect(isDue({ ...s, isPublished: true }, at('2026-12-02T00:00:00Z'))).toBe(false);
    expect(isDue({ ...s, isArchived: true }, at('2026-12-02T00:00:00Z'))).toBe(false);
    expect(isDue({ ...s, scheduleMissedAt: at('2026-12-02T00:00:00Z') }, at('2026-12-02T00:00:00Z'))).toBe(false);
    expect(isDue({ ...s, scheduledFor: null }, at('2026-12-02T00:00:00Z'))).toBe(false);
  });

  it('a schedule must be in the future, for a draft that is not archived', () => {
    const now = at('2026-12-01T11:00:00Z');
    expect(assertCanSchedule(draft, at('2026-12-01T11:00:01Z'), now)).toEqual(at('2026-12-01T11:00:01Z'));
    expect(() => assertCanSchedule(draft, now, now)).toThrow('The publish time must be in the future');
    expect(() => assertCanSchedule(draft, undefined, now)).toThrow('Please choose a date and time');
    expect(() => assertCanSchedule(draft, at('2101-01-01T00:00:00Z'), now)).toThrow('between 2024 and 2100');
    expect(() => assertCanSchedule({ ...draft, isPublished: true }, at('2026-12-02T11:00:00Z'), now)).toThrow('already published');
    expect(() => assertCanSchedule({ ...draft, isArchived: true }, at('2026-12-02T11:00:00Z'), now)).toThrow('archived');
  });

  it('says how late in words', () => {
    expect(formatLateness(0)).toBe('0 s');
    expect(formatLateness(999)).toBe('0 s');
    expect(formatLateness(65_000)).toBe('1 min 5 s');
    expect(formatLateness(2 * 3600_000)).toBe('2 h');
  });
});
