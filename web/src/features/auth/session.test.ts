import { expect, test } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import { ME_QUERY_KEY } from './api';
import { USER_STORAGE_KEY, readStoredUser, writeStoredUser } from './session';
import type { User } from './types';
import { makeUser } from '../../test/fixtures';

const user: User = makeUser({ id: 'u1', username: 'thandi', name: 'Thandi M', joinDate: '2025-01-01T00:00:00Z', isAdmin: false });

test('round-trips through localStorage', () => {
  writeStoredUser(user);
  expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY)!)).toEqual(user);
  expect(readStoredUser()).toEqual(user);
  writeStoredUser(null);
  expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
});

test('unparseable stored data is removed', () => {
  localStorage.setItem(USER_STORAGE_KEY, '{not json');
  expect(readStoredUser()).toBeNull();
  expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
});

test('stored data that is not a user is removed', () => {
  localStorage.setItem(USER_STORAGE_KEY, '{"foo":1}');
  expect(readStoredUser()).toBeNull();
  expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
});

test('the user query is persisted to the device: every answer written through, null removes it', () => {
  localStorage.removeItem(USER_STORAGE_KEY);
  const client = createQueryClient();
  client.setQueryData(ME_QUERY_KEY, { ...user, name: 'New' });
  expect(readStoredUser()?.name).toBe('New');
  client.setQueryData(ME_QUERY_KEY, null);
  expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  // Other queries are not stored.
  client.setQueryData(['/api/questions/today'], [user]);
  expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
});
