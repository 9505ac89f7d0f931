import { afterEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, stubFetch } from '../../test/fixtures';
import { resetToasts } from '../../ui/toast';
import { renderWithUser, testUser } from '../notifications/testUtils';
import { PrivacySettings } from './PrivacySettings';

const url = `/api/users/${testUser.id}/privacy`;
const saved = (over: Record<string, unknown> = {}) => ({ answerVisibility: 'friends', hideUntilResolved: false, listOnNationalBoard: false, updatedAt: null, ...over });
const consenting = { ...testUser, privacyConsent: { noticeVersion: '1.0', acceptedAt: '2026-05-12T09:30:00.000Z' } };

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

test('loads, shows the consent on record, and saves a choice with a toast', async () => {
  const f = stubFetch((u, init) => (u === url && init?.method === 'PUT' ? json(200, saved({ ...JSON.parse(String(init.body)), updatedAt: 'x' })) : json(200, saved())));
  renderWithUser(<PrivacySettings />, consenting);
  expect(screen.getByText('Loading privacy settings')).toBeTruthy();
  const friends = (await screen.findByRole('radio', { name: /Friends/ })) as HTMLInputElement;
  expect(friends.checked).toBe(true);
  expect(screen.getByText('You accepted the privacy notice v1.0 on 12 May 2026.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Read the privacy notice' }).getAttribute('href')).toBe('/privacy');

  fireEvent.click(screen.getByRole('radio', { name: /Nobody/ }));
  expect(await screen.findByText('Privacy settings saved')).toBeTruthy();
  expect(JSON.parse(String(f.calls(url).find(([, i]) => i?.method === 'PUT')![1]!.body))).toEqual({ answerVisibility: 'nobody' });
  expect((screen.getByRole('radio', { name: /Nobody/ }) as HTMLInputElement).checked).toBe(true);
  // "Only after resolution" means nothing while nobody sees the answers.
  expect((screen.getByRole('switch', { name: 'Only after the question is resolved' }) as HTMLButtonElement).disabled).toBe(true);
});

test('a failed save says so and keeps what the server holds', async () => {
  stubFetch((_u, init) => (init?.method === 'PUT' ? json(503, { message: 'Service temporarily unavailable. Please try again shortly.' }) : json(200, saved())));
  renderWithUser(<PrivacySettings />, consenting);
  fireEvent.click(await screen.findByRole('switch', { name: 'Only after the question is resolved' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Service temporarily unavailable');
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Only after the question is resolved' }).getAttribute('aria-checked')).toBe('false'));
});

test('a failed load offers a retry; an account without consent says so', async () => {
  let fail = true;
  stubFetch(() => (fail ? json(500, { message: 'Something went wrong. Please try again.' }) : json(200, saved({ hideUntilResolved: true }))));
  renderWithUser(<PrivacySettings />, { ...testUser, privacyConsent: null });
  expect((await screen.findByRole('alert')).textContent).toBe('Your privacy settings could not be loaded.');
  expect(screen.getByText('No acceptance of the privacy notice is recorded for this account.')).toBeTruthy();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Only after the question is resolved' }).getAttribute('aria-checked')).toBe('true'));
});

test('the national leaderboard switch: off by default, saves listOnNationalBoard, and is off and disabled with Nobody', async () => {
  const f = stubFetch((u, init) => (u === url && init?.method === 'PUT' ? json(200, saved({ ...JSON.parse(String(init.body)), updatedAt: 'x' })) : json(200, saved())));
  renderWithUser(<PrivacySettings />, consenting);
  const national = () => screen.getByRole('switch', { name: 'Show me on the national leaderboard' });
  await screen.findByRole('switch', { name: 'Show me on the national leaderboard' });
  expect(national().getAttribute('aria-checked')).toBe('false');
  expect(national().getAttribute('aria-describedby')).toBeTruthy();
  fireEvent.click(national());
  await waitFor(() => expect(national().getAttribute('aria-checked')).toBe('true'));
  expect(JSON.parse(String(f.calls(url).find(([, i]) => i?.method === 'PUT')![1]!.body))).toEqual({ listOnNationalBoard: true });
  fireEvent.click(screen.getByRole('radio', { name: /Nobody/ }));
  await waitFor(() => expect((national() as HTMLButtonElement).disabled).toBe(true));
  expect(national().getAttribute('aria-checked')).toBe('false');
  expect(screen.getByText('Not while nobody sees your predictions.')).toBeTruthy();
});
