import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../test/fixtures';
import { USER_STORAGE_KEY } from '../auth/session';
import { renderSignedIn } from '../vote/testing';
import { attachmentFilename } from './accountApi';
import { WHAT_GOES, WHAT_STAYS, YourData } from './YourData';
import english from '../../i18n/locales/en.json';

let fetch: ReturnType<typeof stubFetch>;
const clicked: string[] = [];

beforeEach(() => {
  clicked.length = 0;
  fetch = stubFetch((url, init) => {
    if (url === '/api/users/u1/export') {
      return new Response('{"format":"mzansi-predicts-export/1"}', {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="mzansi-predicts-thandi-2026-03-10.json"' },
      });
    }
    if (url === '/api/users/u1' && init?.method === 'DELETE') {
      const { password } = JSON.parse(String(init.body)) as { password: string };
      return password === 'right-password' ? json(200, { success: true }) : json(403, { message: 'Incorrect password' });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
  vi.stubGlobal('scrollTo', () => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(`${this.download} ${this.href}`);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('the file name comes from Content-Disposition', () => {
  expect(attachmentFilename('attachment; filename="mzansi-predicts-a_b-2026-01-02.json"', 'x.json')).toBe('mzansi-predicts-a_b-2026-01-02.json');
  expect(attachmentFilename(null, 'x.json')).toBe('x.json');
});

test('"Download my data" downloads the export under the server’s file name', async () => {
  renderSignedIn(<YourData />);
  fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
  await screen.findByText('Your data is downloading');
  expect(clicked).toEqual(['mzansi-predicts-thandi-2026-03-10.json blob:export']);
});

test('the delete dialog says what goes and what stays, needs the password, then signs out', async () => {
  renderSignedIn(<YourData />);
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  const lists = within(dialog).getAllByRole('list');
  expect(within(lists[0]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(WHAT_GOES.map((key) => english.messages[key]));
  expect(within(lists[1]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(WHAT_STAYS.map((key) => english.messages[key]));
  expect(within(lists[1]!).getAllByRole('listitem')[1]!.textContent).toBe('Nothing else. Your username becomes free for anyone to take.');

  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  expect(within(dialog).getByRole('alert').textContent).toBe('Please enter your password to delete your account');
  expect(fetch.calls('/api/users/u1')).toHaveLength(0);

  fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'wrong-password' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Incorrect password');
  expect(localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();

  fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'right-password' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  await screen.findByText('Your account has been deleted');
  await waitFor(() => expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull());
  const [, init] = fetch.calls('/api/users/u1').at(-1)!;
  expect(init).toMatchObject({ method: 'DELETE', body: JSON.stringify({ password: 'right-password' }) });
});
