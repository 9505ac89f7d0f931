import { describe, expect, it } from 'vitest';
import { formatPhone, parsePhone } from './phone';

// The same table as identity's (services/identity/test/phone.test.ts): the form and the server read alike.
describe('parsePhone', () => {
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
});

describe('formatPhone', () => {
  it('shows a South African number as written locally, any other as stored', () => {
    expect(formatPhone('+27825551234')).toBe('082 555 1234');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
  });
});
