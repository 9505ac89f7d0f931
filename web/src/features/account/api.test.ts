import { expect, test } from 'vitest';
import { profileChanges } from './api';

const user = { name: 'Ayanda Mokoena', email: 'ayanda@example.co.za', phoneNumber: null, province: 'GP' };

test('only what changed is sent; trimmed; clearing a field is a change', () => {
  expect(profileChanges(user, { name: 'Ayanda Mokoena ', email: ' ayanda@example.co.za', phoneNumber: '', province: 'GP' })).toEqual({});
  expect(profileChanges(user, { name: 'Ayanda M', email: 'ayanda@example.co.za', phoneNumber: ' +27 82 555 0101 ', province: 'GP' })).toEqual({
    name: 'Ayanda M',
    phoneNumber: '+27 82 555 0101',
  });
  expect(profileChanges(user, { name: 'Ayanda Mokoena', email: '', phoneNumber: '', province: 'GP' })).toEqual({ email: '' });
  expect(profileChanges(user, { name: 'Ayanda Mokoena', email: 'ayanda@example.co.za', phoneNumber: '', province: 'LP' })).toEqual({ province: 'LP' });
  expect(profileChanges(user, { name: 'Ayanda Mokoena', email: 'ayanda@example.co.za', phoneNumber: '', province: '' })).toEqual({ province: '' });
});
