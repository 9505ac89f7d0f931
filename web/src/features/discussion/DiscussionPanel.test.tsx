import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetToasts } from '../../ui/toast';
import { json, makeComment, makePerson, stubFetch, type Handler } from '../../test/fixtures';
import type { Comment } from '../../entities/question/types';
import { currentToast, renderSignedIn } from '../friends/testUtils';
import { DiscussionPanel, notAnImage } from './DiscussionPanel';

const mine = makeComment(makePerson('u1', 'Thandi Mokoena', 'thandi_m'), {
  content: 'I think yes <b>not bold</b>',
  createdAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
});
const theirs = makeComment(makePerson('u2', 'Sipho Khumalo', 'sipho_k'), {
  id: 'c2',
  content: 'No way',
  imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
});

let api: ReturnType<typeof stubFetch>;
let comments: Comment[];
const routes =
  (extra?: Handler): Handler =>
  (url, init) => {
    const hit = extra?.(url, init);
    if (hit) return hit;
    if (url.split('?')[0] === '/api/questions/q1/comments' && (!init?.method || init.method === 'GET')) return json(200, comments.map((c) => ({ ...c, replies: [] })));
    return json(404, { message: 'Not found' });
  };

beforeEach(() => {
  resetToasts();
  comments = [];
  api = stubFetch(routes());
});
afterEach(() => vi.unstubAllGlobals());

const open = async (label: string | RegExp) => {
  fireEvent.click(await screen.findByRole('button', { name: label }));
};

test('collapsed labels: Start Discussion, 1 comment, 2 comments', async () => {
  const first = renderSignedIn(<DiscussionPanel questionId="q1" />);
  expect(await screen.findByRole('button', { name: 'Start Discussion' })).toBeTruthy();
  first.unmount();

  comments = [mine];
  const second = renderSignedIn(<DiscussionPanel questionId="q1" />);
  expect(await screen.findByRole('button', { name: 'View Discussion (1 comment)' })).toBeTruthy();
  second.unmount();

  comments = [mine, theirs];
  renderSignedIn(<DiscussionPanel questionId="q1" />);
  expect(await screen.findByRole('button', { name: 'View Discussion (2 comments)' })).toBeTruthy();
});

test('expanded: title, empty state, Post disabled until something is typed, empty comment toast', async () => {
  renderSignedIn(<DiscussionPanel questionId="q1" />);
  await open('Start Discussion');
  expect(screen.getByRole('heading', { name: 'Discussion (0)' })).toBeTruthy();
  expect(await screen.findByText('No comments yet. Start the discussion!')).toBeTruthy();
  const box = screen.getByPlaceholderText('Share your thoughts on this prediction...');
  const post = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
  expect(post.disabled).toBe(true);
  expect(screen.getByRole('button', { name: 'Add Image' })).toBeTruthy();

  fireEvent.change(box, { target: { value: '   ' } });
  expect(post.disabled).toBe(false);
  fireEvent.click(post);
  expect(currentToast()).toEqual({ title: 'Empty comment', description: 'Please write something or add an image', variant: 'destructive' });
  expect(api.mock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
});

test('loading state', async () => {
  api.setHandler(() => new Promise<Response>(() => {}));
  renderSignedIn(<DiscussionPanel questionId="q1" />);
  await open('Start Discussion');
  expect(screen.getByText('Loading comments...')).toBeTruthy();
});

test('image: only image types, too large toast, preview and remove', async () => {
  renderSignedIn(<DiscussionPanel questionId="q1" />);
  await open('Start Discussion');
  const input = screen.getByLabelText('Image file') as HTMLInputElement;
  expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp');

  const big = new File(['x'], 'big.png', { type: 'image/png' });
  Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
  fireEvent.change(input, { target: { files: [big] } });
  expect(currentToast()).toEqual({ title: 'Image too large', description: 'Please select an image smaller than 5MB', variant: 'destructive' });
  expect(screen.queryByAltText('Selected image preview')).toBeNull();

  resetToasts();
  fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
  expect(currentToast()?.variant).toBe('destructive');
  expect(screen.queryByAltText('Selected image preview')).toBeNull();

  // An SVG renamed .png: the browser says image/png, the bytes say otherwise. No preview, Post stays disabled.
  resetToasts();
  const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'cat.png', { type: 'image/png' });
  fireEvent.change(input, { target: { files: [svg] } });
  await waitFor(() => expect(currentToast()).toEqual({ title: 'Unsupported file', description: notAnImage(), variant: 'destructive' }));
  expect(screen.queryByAltText('Selected image preview')).toBeNull();
  expect((screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(true);

  const exact = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'ok.png', { type: 'image/png' });
  Object.defineProperty(exact, 'size', { value: 5 * 1024 * 1024 });
  fireEvent.change(input, { target: { files: [exact] } });
  const preview = (await screen.findByAltText('Selected image preview')) as HTMLImageElement;
  expect(preview.src.startsWith('data:image/png;base64,')).toBe(true);
  expect((screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
  expect(screen.queryByAltText('Selected image preview')).toBeNull();
  expect((screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(true);
});

test('posting: Posting..., toast, text and image cleared, list refreshed', async () => {
  let resolvePost: (r: Response) => void = () => {};
  api.setHandler(
    routes((url, init) =>
      url.split('?')[0] === '/api/questions/q1/comments' && init?.method === 'POST'
        ? new Promise<Response>((r) => (resolvePost = r))
        : (undefined as unknown as Response),
    ),
  );
  renderSignedIn(<DiscussionPanel questionId="q1" />);
  await open('Start Discussion');
  await screen.findByText('No comments yet. Start the discussion!');
  const input = screen.getByLabelText('Image file') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], 'a.gif', { type: 'image/gif' })] } });
  await screen.findByAltText('Selected image preview');
  fireEvent.change(screen.getByPlaceholderText('Share your thoughts on this prediction...'), { target: { value: '  Hello Mzansi  ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Post' }));
  expect(await screen.findByRole('button', { name: 'Posting...' })).toBeTruthy();
  const post = api.mock.mock.calls.find(([, init]) => init?.method === 'POST')!;
  const body = JSON.parse(String(post[1]!.body)) as { content: string; imageUrl: string };
  expect(body.content).toBe('Hello Mzansi');
  expect(body.imageUrl.startsWith('data:image/gif;base64,')).toBe(true);

  const created: Comment = { ...mine, id: 'c9', content: 'Hello Mzansi' };
  comments = [created];
  await act(async () => resolvePost(json(201, created)));
  await waitFor(() =>
    expect(currentToast()).toEqual({ title: 'Comment added!', description: 'Your comment has been posted to the discussion', variant: 'default' }),
  );
  expect((screen.getByPlaceholderText('Share your thoughts on this prediction...') as HTMLTextAreaElement).value).toBe('');
  expect(screen.queryByAltText('Selected image preview')).toBeNull();
  expect(await screen.findByText('Hello Mzansi')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Discussion (1)' })).toBeTruthy();
});

test('post failure: server message, else Please try again', async () => {
  let status = 429;
  api.setHandler(
    routes((url, init) =>
      url.split('?')[0] === '/api/questions/q1/comments' && init?.method === 'POST'
        ? status === 429
          ? json(429, { message: 'Too many comments. Please wait a minute.' })
          : new Response('', { status: 502 })
        : (undefined as unknown as Response),
    ),
  );
  renderSignedIn(<DiscussionPanel questionId="q1" />);
  await open('Start Discussion');
  const box = screen.getByPlaceholderText('Share your thoughts on this prediction...');
  fireEvent.change(box, { target: { value: 'hi' } });
  fireEvent.click(screen.getByRole('button', { name: 'Post' }));
  await waitFor(() =>
    expect(currentToast()).toEqual({ title: 'Failed to post comment', description: 'Too many comments. Please wait a minute.', variant: 'destructive' }),
  );
  expect((box as HTMLTextAreaElement).value).toBe('hi');
  status = 502;
  fireEvent.click(screen.getByRole('button', { name: 'Post' }));
  await waitFor(() => expect(currentToast()?.description).toBe('Please try again'));
});

test('list: name, @username, relative age, text as text, image; delete only on own comments', async () => {
  comments = [mine, theirs];
  api.setHandler(
    routes((url, init) =>
      url === '/api/comments/c1' && init?.method === 'DELETE' ? json(200, { success: true, questionId: 'q1' }) : (undefined as unknown as Response),
    ),
  );
  renderSignedIn(<DiscussionPanel questionId="q1" />);
  await open('View Discussion (2 comments)');
  expect(screen.getByRole('heading', { name: 'Discussion (2)' })).toBeTruthy();
  const list = screen.getByRole('region', { name: 'Comments' });
  // In the server's order (it sorts: Top by default).
  const items = within(list).getAllByRole('listitem');
  expect(within(items[0]!).getByText('Thandi Mokoena')).toBeTruthy();
  expect(within(items[0]!).getByText('@thandi_m')).toBeTruthy();
  expect(within(items[0]!).getByText('5m ago')).toBeTruthy();
  expect(within(items[0]!).getByText('I think yes <b>not bold</b>')).toBeTruthy();
  expect(items[0]!.querySelector('b')).toBeNull();
  expect(within(items[1]!).getByText('just now')).toBeTruthy();
  expect((within(items[1]!).getByRole('img') as HTMLImageElement).src).toBe(theirs.imageUrl);
  expect(within(items[0]!).getByRole('button', { name: 'Delete comment' })).toBeTruthy();
  expect(within(items[1]!).queryByRole('button', { name: 'Delete comment' })).toBeNull();

  comments = [theirs];
  fireEvent.click(within(items[0]!).getByRole('button', { name: 'Delete comment' }));
  await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Comment deleted', description: 'Your comment has been removed' }));
  expect(api.mock.mock.calls.some(([u, init]) => u === '/api/comments/c1' && init?.method === 'DELETE')).toBe(true);
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Discussion (1)' })).toBeTruthy());
});
