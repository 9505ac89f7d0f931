import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetToasts } from '../../ui/toast';
import { json, stubFetch } from '../../test/fixtures';
import { currentToast, renderSignedIn } from '../friends/testUtils';
import { INVITE_TEXT, InviteFriendsDialog } from './InviteFriendsDialog';

let api: ReturnType<typeof stubFetch>;
let answer: () => Response;

beforeEach(() => {
  resetToasts();
  answer = () => json(201, { id: 'r1', becameFriends: false, message: 'Friend request sent' });
  api = stubFetch((url, init) => (url === '/api/friendships' && init?.method === 'POST' ? answer() : json(404, { message: 'Not found' })));
});
afterEach(() => vi.unstubAllGlobals());

const input = () => screen.getByLabelText('Username') as HTMLInputElement;
const send = () => screen.getByRole('button', { name: 'Send friend request' });

test('title, subtitle, closed when not open, Close calls onOpenChange(false)', () => {
  const onOpenChange = vi.fn();
  const closed = renderSignedIn(<InviteFriendsDialog open={false} onOpenChange={onOpenChange} />);
  expect(screen.queryByRole('dialog')).toBeNull();
  closed.unmount();
  renderSignedIn(<InviteFriendsDialog open onOpenChange={onOpenChange} />);
  const dialog = screen.getByRole('dialog', { name: 'Invite Friends' });
  expect(within(dialog).getByText('Share Mzansi Predicts with your friends to compare predictions')).toBeTruthy();
  const closes = within(dialog).getAllByRole('button', { name: 'Close' });
  fireEvent.click(closes[closes.length - 1]!);
  expect(onOpenChange).toHaveBeenCalledWith(false);
});

test('share buttons open 600x400 windows with the invite text and the site origin', () => {
  const open = vi.fn();
  vi.stubGlobal('open', open);
  renderSignedIn(<InviteFriendsDialog open onOpenChange={() => {}} />);
  expect(INVITE_TEXT).toBe("Join me on Mzansi Predicts, South Africa's daily political prediction game! One question a day — can you call it?");
  fireEvent.click(screen.getByRole('button', { name: 'Share on WhatsApp' }));
  fireEvent.click(screen.getByRole('button', { name: 'Share on Twitter' }));
  const origin = window.location.origin;
  expect(open.mock.calls.map((c) => c[0])).toEqual([
    `https://wa.me/?text=${encodeURIComponent(`${INVITE_TEXT} ${origin}`)}`,
    `https://twitter.com/intent/tweet?text=${encodeURIComponent(INVITE_TEXT)}&url=${encodeURIComponent(origin)}`,
  ]);
  expect(open.mock.calls.every((c) => String(c[2]).includes('width=600,height=400'))).toBe(true);
});

test('empty username after trimming: Please enter a username, nothing sent', () => {
  renderSignedIn(<InviteFriendsDialog open onOpenChange={() => {}} />);
  fireEvent.click(send());
  expect(currentToast()).toEqual({ title: 'Error', description: 'Please enter a username', variant: 'destructive' });
  fireEvent.change(input(), { target: { value: '   ' } });
  fireEvent.submit(input().form!);
  expect(currentToast()?.description).toBe('Please enter a username');
  expect(api.mock).not.toHaveBeenCalled();
});

test('Enter sends {userId, friendUsername}; Success toast saying what happened (in the reader’s language); input cleared', async () => {
  renderSignedIn(<InviteFriendsDialog open onOpenChange={() => {}} />);
  fireEvent.change(input(), { target: { value: '  sipho_k ' } });
  fireEvent.submit(input().form!);
  await waitFor(() => expect(currentToast()).toEqual({ title: 'Success', description: 'Friend request sent', variant: 'default' }));
  const [, init] = api.mock.mock.calls[0]!;
  expect(JSON.parse(String(init!.body))).toEqual({ userId: 'u1', friendUsername: 'sipho_k' });
  expect(input().value).toBe('');

  answer = () => json(201, { id: 'r2' });
  fireEvent.change(input(), { target: { value: 'lerato' } });
  fireEvent.click(send());
  await waitFor(() => expect(currentToast()?.description).toBe('Friend added successfully!'));
});

test('failure: the server message, else Failed to add friend', async () => {
  answer = () => json(404, { message: 'User not found' });
  renderSignedIn(<InviteFriendsDialog open onOpenChange={() => {}} />);
  fireEvent.change(input(), { target: { value: 'nobody' } });
  fireEvent.click(send());
  await waitFor(() => expect(currentToast()).toEqual({ title: 'Error', description: 'User not found', variant: 'destructive' }));
  expect(input().value).toBe('nobody');
  answer = () => new Response('', { status: 503 });
  fireEvent.click(send());
  await waitFor(() => expect(currentToast()?.description).toBe('Failed to add friend'));
});
