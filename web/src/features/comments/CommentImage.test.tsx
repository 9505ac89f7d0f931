import { expect, test } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { makeComment, makePerson } from '../../test/fixtures';
import { CommentList } from './CommentList';

const withImage = makeComment(makePerson('u1', 'Thandi Mokoena', 'thandi_m'), {
  content: 'Look at this',
  imageUrl: '/api/comments/c1/image',
  imageWidth: 1600,
  imageHeight: 1200,
  thumbUrl: '/api/comments/c1/image?size=thumb',
  thumbWidth: 480,
  thumbHeight: 360,
});

test('lists load the thumbnail lazily with its size; a tap opens the full image in a dialog', () => {
  render(<CommentList comments={[withImage]} now={new Date()} />);
  const open = screen.getByRole('button', { name: 'View the image shared by Thandi Mokoena' });
  const thumb = within(open).getByRole('img') as HTMLImageElement;
  expect(thumb.getAttribute('src')).toBe('/api/comments/c1/image?size=thumb');
  expect(thumb.getAttribute('loading')).toBe('lazy');
  expect([thumb.getAttribute('width'), thumb.getAttribute('height')]).toEqual(['480', '360']);
  expect(thumb.alt).toBe('Image shared by Thandi Mokoena');
  // The full image is not requested until asked for.
  expect(document.querySelector('img[src="/api/comments/c1/image"]')).toBeNull();

  fireEvent.click(open);
  const dialog = screen.getByRole('dialog', { name: 'Image shared by Thandi Mokoena' });
  const full = within(dialog).getByRole('img') as HTMLImageElement;
  expect(full.getAttribute('src')).toBe('/api/comments/c1/image');
  expect([full.getAttribute('width'), full.getAttribute('height')]).toEqual(['1600', '1200']);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('no image, no button', () => {
  render(<CommentList comments={[{ ...withImage, imageUrl: null, thumbUrl: null }]} now={new Date()} />);
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.queryByRole('img')).toBeNull();
});

test('data saver: no image is loaded until "Show image" is tapped', async () => {
  const { setDataSaver } = await import('../datasaver/dataSaver');
  act(() => setDataSaver(true));
  try {
    render(<CommentList comments={[withImage]} now={new Date()} />);
    expect(document.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show image' }));
    const thumb = within(screen.getByRole('button', { name: 'View the image shared by Thandi Mokoena' })).getByRole('img');
    expect(thumb.getAttribute('src')).toBe('/api/comments/c1/image?size=thumb');
  } finally {
    act(() => setDataSaver(false));
  }
});
