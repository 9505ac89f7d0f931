import { describe, expect, it } from 'vitest';
import { parsePhone } from '../src/domain/phone.js';
import { MESSAGES, validatePhone } from '../src/domain/users.js';

/** The same table runs against the web's copy of the rule (web/src/features/auth/phone.test.ts). */
describe('parsePhone: numbers as South Africans write them, stored as E.164', () => {
  it.each([
    ['082 555 1234', '+27825551234'],
    ['0825551234', '+27825551234'],
    ['+27 82 555 1234', '+27825551234'],
    ['27825551234', '+27825551234'],
    ['+27825551234', '+27825551234'],
    ['082-555-1234', '+27825551234'],
    ['(082) 555 1234', '+27825551234'],
    ['+27 (0)82 555 1234', '+27825551234'],
    ['0027 82 555 1234', '+27825551234'],
    [' 021 555 0000 ', '+27215550000'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('reads %j as %s', (raw, e164) => expect(parsePhone(raw)).toBe(e164));

  it.each(['call me', '082 555 123', '082 555 12345', '+27 82 555 12345', '5551234', '825551234', '+0 82 555 1234', '082 555 1234 ext 2', '++27825551234', ''])(
    'cannot read %j',
    (raw) => expect(parsePhone(raw)).toBeNull(),
  );

  it('validatePhone: empty is no number; unreadable is refused with a message showing the local form', () => {
    expect(validatePhone('  ')).toBeNull();
    expect(validatePhone('082 555 1234')).toBe('+27825551234');
    expect(() => validatePhone('082 555')).toThrowError(MESSAGES.phone);
    expect(MESSAGES.phone).toContain('082 555 1234');
  });
});
