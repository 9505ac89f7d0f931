import { expect, test } from 'vitest';
import { createStore } from 'jotai';
import { USER_STORAGE_KEY, readStoredUser, userAtom, writeStoredUser } from './session';
import type { User } from './types';

const user: User = { id: 'u1', username: 'thandi', name: 'Thandi M', joinDate: '2025-01-01T00:00:00Z', isAdmin: false };

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

test('the atom restores from storage and writes through', () => {
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  const store = createStore();
  expect(store.get(userAtom)).toEqual(user);
  store.set(userAtom, null);
  expect(store.get(userAtom)).toBeNull();
  expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  store.set(userAtom, { ...user, name: 'New' });
  expect(readStoredUser()?.name).toBe('New');
});
