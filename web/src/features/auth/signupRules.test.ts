import { expect, test } from 'vitest';
import { SIGNUP_MESSAGES, phoneProblem, signupProblem } from './signupRules';

const ok = { username: 'thandi_m', password: 'long-enough', phoneNumber: '' };

test('a valid signup has no problem; a phone number with its country code is fine', () => {
  expect(signupProblem(ok)).toBeNull();
  expect(signupProblem({ ...ok, phoneNumber: '+27 82 123 4567' })).toBeNull();
  expect(signupProblem({ ...ok, username: 'a'.repeat(30) })).toBeNull();
});

test('names the problem: a 31-character username, a 7-character password, a phone without the country code', () => {
  expect(signupProblem({ ...ok, username: 'a'.repeat(31) })).toBe(SIGNUP_MESSAGES.username);
  expect(signupProblem({ ...ok, username: 'thandi m' })).toBe(SIGNUP_MESSAGES.username);
  expect(signupProblem({ ...ok, password: '1234567' })).toBe(SIGNUP_MESSAGES.passwordShort);
  expect(signupProblem({ ...ok, phoneNumber: '0821234567' })).toBe(SIGNUP_MESSAGES.phone);
});

test('WhatsApp alerts need a phone number', () => {
  expect(phoneProblem('', true)).toBe(SIGNUP_MESSAGES.whatsappPhone);
  expect(phoneProblem('  ', true)).toBe(SIGNUP_MESSAGES.whatsappPhone);
  expect(phoneProblem('+27821234567', true)).toBeNull();
  expect(phoneProblem('', false)).toBeNull();
});
