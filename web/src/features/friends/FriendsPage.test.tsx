import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetToasts } from '../../ui/toast';
import { json, stubFetch, type Handler } from '../../test/fixtures';
import { FriendsPage } from './FriendsPage';
import { currentToast, renderSignedIn } from './testUtils';

const sipho = { id: 'u2', username: 'sipho_k', name: 'Sipho Khumalo', isAdmin: false };
const admin = { id: 'u9', username: 'sipadmin', name: 'Site Admin', isAdmin: true };
const lerato = { id: 'u3', username: 'lerato', name: 'Lerato Dlamini', isAdmin: false };
const me = { id: 'u1', username: 'thandi_m', name: 'Thandi Mokoena', isAdmin: false };

const request = { id: 'r1', createdAt: '2025-11-20T10:00:00.000Z', status: 'pending', requester: lerato, receiver: me };

let api: ReturnType<typeof stubFetch>;
let friends: unknown[];
let received: unknown[];
let sent: unknown[];

const routes =
  (extra: Handler = () => undefined as unknown as Response): Handler =>
  (url, init) => {
    const hit = extra(url, init);
    if (hit) return hit;
    if (url === '/api/users/u1/friends') return json(200, { friends });
    if (url === '/api/users/u1/friend-requests') return json(200, received);
    if (url === '/api/users/u1/sent-requests') return json(200, sent);
    if (url.startsWith('/api/users/search?q=')) {
      const q = decodeURIComponent(url.split('q=')[1]!).toLowerCase();
      return json(200, [sipho, admin].filter((p) => p.username.includes(q)));
    }
    return json(404, { message: 'Not found' });
  };

beforeEach(() => {
  resetToasts();
  friends = [];
  received = [];
  sent = [];
  api = stubFetch(routes());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const searchBox = () => screen.getByRole('combobox', { name: 'Search for users' });
const sendButton = () => screen.getByRole('button', { name: 'Send Friend Request' });

test('heading, tabs with counts, empty friends list', async () => {
  renderSignedIn(<FriendsPage />);
  expect(screen.getByRole('heading', { name: 'Friends' })).toBeTruthy();
  expect(screen.getByText('Connect with other Mzansi Predicts users')).toBeTruthy();
  expect(screen.getByText('Loading friends...')).toBeTruthy();
  expect(await screen.findByText('No friends yet')).toBeTruthy();
  expect(screen.getByText('Add some friends to see their predictions!')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Your Friends (0)' })).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Friends (0)' })).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Requests (0)' })).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Sent (0)' })).toBeTruthy();
  expect(document.querySelector('.tab-badge')).toBeNull();
});

test('signed out: Sign In Required', () => {
  renderSignedIn(<FriendsPage />, { user: null });
  expect(screen.getByText('Sign In Required')).toBeTruthy();
  expect(screen.getByText('Please sign in to view your friends')).toBeTruthy();
});

test('search dropdown: 2-character hint, matches with Admin badge, No users found, outside click closes', async () => {
  renderSignedIn(<FriendsPage />);
  fireEvent.focus(searchBox());
  expect(screen.getByText('Type at least 2 characters to search')).toBeTruthy();
  fireEvent.change(searchBox(), { target: { value: 's' } });
  expect(screen.getByText('Type at least 2 characters to search')).toBeTruthy();
  expect(api.mock.mock.calls.some(([u]) => String(u).startsWith('/api/users/search'))).toBe(false);

  fireEvent.change(searchBox(), { target: { value: 'si' } });
  const list = await screen.findByRole('listbox', { name: 'Users' });
  const options = within(list).getAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual(['Sipho Khumalo@sipho_k', 'Site Admin@sipadminAdmin']);
  expect(within(options[1]!).getByText('Admin')).toBeTruthy();
  expect(api.mock.mock.calls.some(([u]) => String(u) === '/api/users/search?q=si')).toBe(true);

  fireEvent.change(searchBox(), { target: { value: 'zzz' } });
  expect(await screen.findByText('No users found')).toBeTruthy();

  fireEvent.mouseDown(document.body);
  expect(screen.queryByText('No users found')).toBeNull();
  expect(screen.queryByRole('listbox')).toBeNull();

  // Clicking inside the box reopens it; a click inside the dropdown does not close it.
  fireEvent.focus(searchBox());
  expect(await screen.findByText('No users found')).toBeTruthy();
  fireEvent.mouseDown(screen.getByText('No users found'));
  expect(screen.getByText('No users found')).toBeTruthy();
});

test('picking a match shows the selected user; editing the text clears it; no selection → No User Selected', async () => {
  renderSignedIn(<FriendsPage />);
  expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(searchBox(), { target: { value: 'sip' } });
  fireEvent.click(await screen.findByRole('option', { name: /Sipho Khumalo/ }));
  const selected = screen.getByRole('group', { name: 'Selected user' });
  expect(within(selected).getByText('Sipho Khumalo')).toBeTruthy();
  expect(within(selected).getByText('@sipho_k')).toBeTruthy();
  expect(screen.queryByRole('listbox')).toBeNull();
  expect((searchBox() as HTMLInputElement).value).toBe('sipho_k');
  expect((sendButton() as HTMLButtonElement).disabled).toBe(false);

  fireEvent.change(searchBox(), { target: { value: 'sipho_' } });
  expect(screen.queryByRole('group', { name: 'Selected user' })).toBeNull();
  expect((sendButton() as HTMLButtonElement).disabled).toBe(true);

  fireEvent.submit(screen.getByRole('form', { name: 'Add Friend' }));
  expect(currentToast()).toEqual({
    title: 'No User Selected',
    description: 'Please select a user from the dropdown list first',
    variant: 'destructive',
  });
  expect(api.mock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
});

test('sending: Sending..., a toast saying what happened, text and selection clear, sent list refreshes', async () => {
  let resolvePost: (r: Response) => void = () => {};
  api.setHandler(
    routes((url, init) => {
      if (url === '/api/friendships' && init?.method === 'POST') return new Promise<Response>((r) => (resolvePost = r));
      return undefined as unknown as Response;
    }),
  );
  const { client } = renderSignedIn(<FriendsPage />);
  await screen.findByText('No friends yet');
  fireEvent.change(searchBox(), { target: { value: 'sip' } });
  fireEvent.click(await screen.findByRole('option', { name: /Sipho Khumalo/ }));
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  fireEvent.click(sendButton());
  expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
  const post = api.mock.mock.calls.find(([u, init]) => u === '/api/friendships' && init?.method === 'POST')!;
  expect(JSON.parse(String(post[1]!.body))).toEqual({ userId: 'u1', friendId: 'u2' });

  sent = [{ id: 'r9', createdAt: new Date().toISOString(), status: 'pending', requester: me, receiver: sipho }];
  await act(async () => resolvePost(json(201, { ...sent[0]!, becameFriends: false, message: 'Friend request sent' })));
  await waitFor(() => expect(currentToast()?.title).toBe('Friend request sent'));
  expect((searchBox() as HTMLInputElement).value).toBe('');
  expect(screen.queryByRole('group', { name: 'Selected user' })).toBeNull();
  const keys = invalidate.mock.calls.map(([f]) => JSON.stringify(f?.queryKey));
  expect(keys).toContain(JSON.stringify(['/api/users', 'u1', 'sent-requests']));
  expect(keys).not.toContain(JSON.stringify(['/api/users', 'u1', 'friends']));
  expect(await screen.findByRole('tab', { name: 'Sent (1)' })).toBeTruthy();
});

test('sending to someone who already asked: You are now friends! and the friends list refreshes', async () => {
  api.setHandler(
    routes((url, init) =>
      url === '/api/friendships' && init?.method === 'POST'
        ? json(201, { id: 'r2', createdAt: '', requester: sipho, receiver: me, becameFriends: true, message: 'You are now friends!' })
        : (undefined as unknown as Response),
    ),
  );
  const { client } = renderSignedIn(<FriendsPage />);
  fireEvent.change(searchBox(), { target: { value: 'sip' } });
  fireEvent.click(await screen.findByRole('option', { name: /Sipho Khumalo/ }));
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  fireEvent.click(sendButton());
  await waitFor(() => expect(currentToast()?.title).toBe('You are now friends!'));
  const keys = invalidate.mock.calls.map(([f]) => JSON.stringify(f?.queryKey));
  expect(keys).toContain(JSON.stringify(['/api/users', 'u1', 'friends']));
  expect(keys).toContain(JSON.stringify(['/api/users', 'u1', 'sent-requests']));
});

test('send failure: the server message, else Failed to send friend request', async () => {
  let body: unknown = { message: 'Friend request already sent' };
  api.setHandler(
    routes((url, init) =>
      url === '/api/friendships' && init?.method === 'POST'
        ? new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 409 })
        : (undefined as unknown as Response),
    ),
  );
  renderSignedIn(<FriendsPage />);
  fireEvent.change(searchBox(), { target: { value: 'sip' } });
  fireEvent.click(await screen.findByRole('option', { name: /Sipho Khumalo/ }));
  fireEvent.click(sendButton());
  await waitFor(() => expect(currentToast()).toEqual({ title: 'Error', description: 'Friend request already sent', variant: 'destructive' }));
  expect((searchBox() as HTMLInputElement).value).toBe('sipho_k');

  body = '<html>oops</html>';
  fireEvent.click(sendButton());
  await waitFor(() => expect(currentToast()?.description).toBe('Failed to send friend request'));
});

test('requests tab: red badge, row details; accept refreshes friends and requests', async () => {
  received = [request];
  api.setHandler(
    routes((url, init) =>
      url === '/api/friend-requests/r1/accept' && init?.method === 'PUT'
        ? json(200, { ...request, status: 'accepted' })
        : (undefined as unknown as Response),
    ),
  );
  const { client } = renderSignedIn(<FriendsPage />);
  const tab = await screen.findByRole('tab', { name: 'Requests (1)' });
  expect(tab.querySelector('.tab-badge')).toBeTruthy();
  fireEvent.click(tab);
  expect(screen.getByRole('heading', { name: 'Friend Requests (1)' })).toBeTruthy();
  expect(screen.getByText('Lerato Dlamini')).toBeTruthy();
  expect(screen.getByText('@lerato')).toBeTruthy();
  expect(screen.getByText('Sent 20 November 2025')).toBeTruthy();

  const invalidate = vi.spyOn(client, 'invalidateQueries');
  received = [];
  friends = [lerato];
  fireEvent.click(screen.getByRole('button', { name: 'Accept friend request from Lerato Dlamini' }));
  await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Friend Request Accepted', description: 'You are now friends!' }));
  const put = api.mock.mock.calls.find(([u]) => u === '/api/friend-requests/r1/accept')!;
  expect(JSON.parse(String(put[1]!.body))).toEqual({ userId: 'u1' });
  expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toEqual([
    ['/api/users', 'u1', 'friends'],
    ['/api/users', 'u1', 'friend-requests'],
  ]);
  expect(await screen.findByText('No pending requests')).toBeTruthy();
  expect(await screen.findByRole('tab', { name: 'Friends (1)' })).toBeTruthy();
});

test('reject refreshes only the requests list; failures toast', async () => {
  received = [request];
  let ok = false;
  api.setHandler(
    routes((url) => {
      if (url === '/api/friend-requests/r1/reject') return ok ? json(200, request) : json(500, { message: 'boom' });
      if (url === '/api/friend-requests/r1/accept') return json(403, { message: 'nope' });
      return undefined as unknown as Response;
    }),
  );
  const { client } = renderSignedIn(<FriendsPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Requests (1)' }));
  fireEvent.click(await screen.findByRole('button', { name: /Accept friend request/ }));
  await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Error', description: 'Failed to accept friend request' }));
  fireEvent.click(screen.getByRole('button', { name: /Reject friend request/ }));
  await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Error', description: 'Failed to reject friend request' }));

  ok = true;
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  fireEvent.click(screen.getByRole('button', { name: /Reject friend request/ }));
  await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Friend Request Rejected', description: 'Friend request declined' }));
  expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toEqual([['/api/users', 'u1', 'friend-requests']]);
});

test('sent tab: receivers with Pending, and the empty states', async () => {
  sent = [{ id: 'r5', createdAt: '2025-11-21T10:00:00.000Z', status: 'pending', requester: me, receiver: sipho }];
  renderSignedIn(<FriendsPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Sent (1)' }));
  expect(screen.getByRole('heading', { name: 'Sent Requests (1)' })).toBeTruthy();
  expect(screen.getByText('Sipho Khumalo')).toBeTruthy();
  expect(screen.getByText('Pending')).toBeTruthy();
  fireEvent.click(screen.getByRole('tab', { name: 'Requests (0)' }));
  expect(await screen.findByText('No pending requests')).toBeTruthy();
});

test('a sent request can be cancelled: DELETE, then the sent list refreshes', async () => {
  sent = [{ id: 'r5', createdAt: '2025-11-21T10:00:00.000Z', status: 'pending', requester: me, receiver: sipho }];
  api.setHandler(
    routes((url, init) => {
      if (url === '/api/friend-requests/r5' && init?.method === 'DELETE') {
        sent = [];
        return json(200, { success: true });
      }
      return undefined as unknown as Response;
    }),
  );
  renderSignedIn(<FriendsPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Sent (1)' }));
  fireEvent.click(screen.getByRole('button', { name: 'Cancel friend request to Sipho Khumalo' }));
  expect(await screen.findByText('No sent requests')).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Sent (0)' })).toBeTruthy();
  expect(currentToast()?.title).toBe('Request cancelled');
});

test('friends list shows each friend with an Admin badge when applicable', async () => {
  friends = [sipho, admin];
  renderSignedIn(<FriendsPage />);
  expect(await screen.findByRole('heading', { name: 'Your Friends (2)' })).toBeTruthy();
  expect(screen.getByText('@sipho_k')).toBeTruthy();
  expect(screen.getByText('Admin')).toBeTruthy();
});
