import { expect, test } from 'vitest';
import { phoneProblem, signupErrors } from './signupRules';

const ok = { username: 'thandi_m', password: 'long-enough', name: 'Thandi M', consent: true };

test('a valid signup has no errors; 30 characters of username fit', () => {
  expect(signupErrors(ok)).toEqual({});
  expect(signupErrors({ ...ok, username: 'a'.repeat(30) })).toEqual({});
});

test('every field is named at once: missing ones, a bad username, a short password, no consent', () => {
  expect(signupErrors({ username: ' ', password: '', name: '  ', consent: false })).toEqual({
    username: 'auth.rule.usernameMissing',
    password: 'auth.rule.passwordMissing',
    name: 'auth.rule.nameMissing',
    consent: 'auth.consentMissing',
  });
  expect(signupErrors({ ...ok, username: 'a'.repeat(31), password: '1234567' })).toEqual({ username: 'auth.rule.username', password: 'auth.rule.passwordShort' });
  expect(signupErrors({ ...ok, username: 'thandi m' })).toEqual({ username: 'auth.rule.username' });
});

test('phone numbers as South Africans write them are fine; an unreadable one is named; WhatsApp needs one', () => {
  for (const phone of ['082 555 1234', '0825551234', '+27 82 555 1234', '']) expect(phoneProblem(phone)).toBeNull();
  expect(phoneProblem('082 555')).toBe('auth.rule.phone');
  expect(phoneProblem('', true)).toBe('auth.rule.whatsappPhone');
  expect(phoneProblem('  ', true)).toBe('auth.rule.whatsappPhone');
  expect(phoneProblem('+27821234567', true)).toBeNull();
});
