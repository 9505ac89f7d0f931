import { describe, expect, it } from 'vitest';
import { isSuspended, suspensionEnd, validateReason, validateReplacementName } from '../src/domain/suspension.js';

describe('suspension rules', () => {
  const now = new Date('2026-12-01T10:00:00Z');

  it('lasts 1, 7 or 30 days, or permanently (0); nothing else', () => {
    expect(suspensionEnd(1, now)).toEqual(new Date('2026-12-02T10:00:00Z'));
    expect(suspensionEnd(7, now)).toEqual(new Date('2026-12-08T10:00:00Z'));
    expect(suspensionEnd(30, now)).toEqual(new Date('2026-12-31T10:00:00Z'));
    expect(suspensionEnd(0, now)).toBeNull();
    for (const days of [2, -1, 365, 1.5]) expect(() => suspensionEnd(days, now), String(days)).toThrow('A suspension lasts 1, 7 or 30 days, or is permanent');
  });

  it('is over at its end, and permanent without one', () => {
    expect(isSuspended({ suspendedAt: now, suspendedUntil: null }, new Date('2099-01-01'))).toBe(true);
    expect(isSuspended({ suspendedAt: now, suspendedUntil: new Date('2026-12-02T10:00:00Z') }, new Date('2026-12-02T09:59:59Z'))).toBe(true);
    expect(isSuspended({ suspendedAt: now, suspendedUntil: new Date('2026-12-02T10:00:00Z') }, new Date('2026-12-02T10:00:00Z'))).toBe(false);
    expect(isSuspended({ suspendedAt: null, suspendedUntil: null }, now)).toBe(false);
  });

  it('needs a reason of at most 500 characters without bidi controls; a replacement name follows the name rules', () => {
    expect(validateReason('  Harassment ')).toBe('Harassment');
    expect(() => validateReason('   ')).toThrow('Please give a reason');
    expect(() => validateReason('\u200B')).toThrow('Please give a reason');
    expect(() => validateReason('x'.repeat(501))).toThrow('The reason can be at most 500 characters');
    expect(() => validateReason('a\u202Eb')).toThrow();
    expect(validateReplacementName('  Member 1 ')).toBe('Member 1');
    expect(() => validateReplacementName('')).toThrow('Please fill in all required fields');
    expect(() => validateReplacementName('x'.repeat(101))).toThrow('Name must be at most 100 characters');
  });
});
