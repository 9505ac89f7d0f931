import { expect, test } from 'vitest';
import { profileChanges } from './api';

const user = { name: 'Ayanda Mokoena', email: 'ayanda@example.co.za', phoneNumber: null };

test('only what changed is sent; trimmed; clearing a field is a change', () => {
  expect(profileChanges(user, { name: 'Ayanda Mokoena ', email: ' ayanda@example.co.za', phoneNumber: '' })).toEqual({});
  expect(profileChanges(user, { name: 'Ayanda M', email: 'ayanda@example.co.za', phoneNumber: ' +27 82 555 0101 ' })).toEqual({ name: 'Ayanda M', phoneNumber: '+27 82 555 0101' });
  expect(profileChanges(user, { name: 'Ayanda Mokoena', email: '', phoneNumber: '' })).toEqual({ email: '' });
});
