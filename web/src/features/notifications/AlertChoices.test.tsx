import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALERT_DEFAULTS, ALERT_KINDS } from '@mzansi/api';
import { resetToasts } from '../../ui/toast';
import { json, stubFetch } from '../../test/fixtures';
import { AlertChoices } from './AlertChoices';
import { renderWithUser, testUser } from './testUtils';

const URL = `/api/users/${testUser.id}/alert-preferences`;
const defaults = () => ({ preferences: ALERT_KINDS.map((kind) => ({ kind, ...ALERT_DEFAULTS[kind] })) });
let fetch: ReturnType<typeof stubFetch>;

beforeEach(() => {
  resetToasts();
  fetch = stubFetch((url, init) => {
    if (url !== URL) return json(404, { message: 'Not found' });
    if (init?.method !== 'PUT') return json(200, defaults());
    const [change] = JSON.parse(String(init.body)).preferences as { kind: string; push?: boolean; email?: boolean }[];
    return json(200, { preferences: defaults().preferences.map((p) => (p.kind === change!.kind ? { ...p, ...change } : p)) });
  });
});
afterEach(() => vi.unstubAllGlobals());

test('a row per kind with its push and e-mail boxes, named by row and column; replies and agrees not by e-mail', async () => {
  renderWithUser(<AlertChoices userId={testUser.id} />);
  const table = await screen.findByRole('table', { name: 'What we tell you about' });
  expect(within(table).getAllByRole('row')).toHaveLength(ALERT_KINDS.length + 1);
  expect((screen.getByRole('checkbox', { name: 'A reply to my comment E-mail' }) as HTMLInputElement).checked).toBe(false);
  expect((screen.getByRole('checkbox', { name: 'Agrees with my comment E-mail' }) as HTMLInputElement).checked).toBe(false);
  expect((screen.getByRole('checkbox', { name: 'A reply to my comment Push' }) as HTMLInputElement).checked).toBe(true);
  expect((screen.getByRole('checkbox', { name: 'A friend request E-mail' }) as HTMLInputElement).checked).toBe(true);
});

test('a tick saves that one choice at once and stays ticked', async () => {
  renderWithUser(<AlertChoices userId={testUser.id} />);
  const box = (await screen.findByRole('checkbox', { name: 'Agrees with my comment E-mail' })) as HTMLInputElement;
  fireEvent.click(box);
  await waitFor(() => expect(fetch.calls(URL).filter(([, init]) => init?.method === 'PUT')).toHaveLength(1));
  const [, init] = fetch.calls(URL).find(([, i]) => i?.method === 'PUT')!;
  expect(JSON.parse(String(init!.body))).toEqual({ preferences: [{ kind: 'comment-agreed', email: true }] });
  await waitFor(() => expect(box.checked).toBe(true));
});

test('a refused save puts the box back and says so', async () => {
  renderWithUser(<AlertChoices userId={testUser.id} />);
  const box = (await screen.findByRole('checkbox', { name: 'A new question Push' })) as HTMLInputElement;
  fetch.setHandler((_url, init) => (init?.method === 'PUT' ? json(500, { message: 'down' }) : json(200, defaults())));
  fireEvent.click(box);
  expect((await screen.findByRole('alert')).textContent).toContain('That choice could not be saved');
  await waitFor(() => expect(box.checked).toBe(true));
});

test('two quick ticks on two kinds both stay, whichever answer comes first', async () => {
  const answers: (() => void)[] = [];
  renderWithUser(<AlertChoices userId={testUser.id} />);
  const replies = (await screen.findByRole('checkbox', { name: 'A reply to my comment E-mail' })) as HTMLInputElement;
  const requests = screen.getByRole('checkbox', { name: 'A friend request Push' }) as HTMLInputElement;
  // The server answers each PUT with only that change applied (it knows nothing of the other), when released.
  fetch.setHandler((_url, init) => {
    if (init?.method !== 'PUT') return json(200, defaults());
    const [change] = JSON.parse(String(init.body)).preferences as { kind: string }[];
    const body = { preferences: defaults().preferences.map((p) => (p.kind === change!.kind ? { ...p, ...change } : p)) };
    return new Promise<Response>((resolve) => answers.push(() => resolve(json(200, body) as Response)));
  });
  fireEvent.click(replies);
  fireEvent.click(requests);
  expect(replies.checked).toBe(true);
  expect(requests.checked).toBe(false);
  await waitFor(() => expect(answers).toHaveLength(2));
  answers[0]!();
  await waitFor(() => expect(fetch.calls(URL).filter(([, i]) => i?.method === 'PUT')).toHaveLength(2));
  await new Promise((r) => setTimeout(r, 20));
  expect(requests.checked).toBe(false);
  answers[1]!();
  await waitFor(() => expect(requests.checked).toBe(false));
  expect(replies.checked).toBe(true);
});
