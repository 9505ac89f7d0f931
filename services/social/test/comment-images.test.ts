import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { expectGrpcError } from '@mzansi/kit/testing';
import { startImageBackfill } from '../src/entry-points/jobs/reencode-images.js';
import { socialHarness, stem, type Harness, type TestUser } from './helpers.js';
import { dataUrl, jpegWithEverything, photo, pngBomb, pngWithChunks, SECRETS } from './images.js';

/**
 * Comment images through gRPC: re-encoded on the way in, two sizes stored (the upload is not), served with an entity
 * tag, gone the moment the comment is; images stored before re-encoding are converted by the backfill job.
 */
let h: Harness;
let u: TestUser;
let question: string;
// The user acts as an admin (admins may comment on any question); the question is published, because an image is
// served only while its question is public.
const asAdmin = () => ({ actor: { ...u.actor, isAdmin: true } });

beforeAll(async () => {
  h = await socialHarness();
  u = await h.signUp(`${stem()}_img`);
  question = await h.publishQuestion();
});

afterAll(async () => {
  await h?.cleanup();
});

const post = (image: Buffer, mime: string, content = '') =>
  h.client.postComment({ questionId: question, content, imageDataUrl: dataUrl(mime, image) }, asAdmin());
const image = (commentId: string, thumbnail = false, ifNoneMatch = '') => h.client.getCommentImage({ commentId, thumbnail, ifNoneMatch });

describe('posting and serving', () => {
  it('stores a WebP ≤ 1600 px and a thumbnail ≤ 480 px, reports both sizes, keeps no upload bytes', async () => {
    const upload = await photo(3000, 2000);
    const { comment } = await post(upload, 'image/jpeg', 'a view');
    expect(comment).toMatchObject({ hasImage: true, imageWidth: 1600, imageHeight: 1067, thumbWidth: 480, thumbHeight: 320 });
    const full = await image(comment!.id);
    const thumb = await image(comment!.id, true);
    expect(full.mimeType).toBe('image/webp');
    expect(await sharp(full.data).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(await sharp(thumb.data).metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });
    expect(full.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(thumb.etag).toBe(`${full.etag.slice(0, -1)}-t"`);
    // Nothing of the upload is kept: the row holds the two encodings only.
    const { rows } = await h.social.ctx.pool.query(
      'SELECT octet_length(image_data) AS full, octet_length(thumb_data) AS thumb, image_mime FROM comments WHERE id = $1',
      [comment!.id],
    );
    expect(rows[0]).toEqual({ full: full.data.length, thumb: thumb.data.length, image_mime: 'image/webp' });
    // Listed with the same sizes.
    const { comments } = await h.client.listComments({ questionId: question }, asAdmin());
    expect(comments.find((c) => c.id === comment!.id)).toMatchObject({ imageWidth: 1600, thumbWidth: 480 });
    const { comment: text } = await h.client.postComment({ questionId: question, content: 'no picture', imageDataUrl: '' }, asAdmin());
    expect(text).toMatchObject({ hasImage: false, imageWidth: 0, thumbWidth: 0 });
  });

  it('a matching If-None-Match gets no bytes; another tag, or the other variant, gets them', async () => {
    const { comment } = await post(await pngWithChunks(), 'image/png');
    const first = await image(comment!.id);
    const again = await image(comment!.id, false, first.etag);
    expect(again).toMatchObject({ notModified: true, etag: first.etag });
    expect(again.data.length).toBe(0);
    expect((await image(comment!.id, false, `W/${first.etag}`)).notModified).toBe(true);
    expect((await image(comment!.id, false, '*')).notModified).toBe(true);
    expect((await image(comment!.id, false, '"other"')).data.equals(first.data)).toBe(true);
    // The full image's tag does not validate the thumbnail.
    const thumb = await image(comment!.id, true, first.etag);
    expect(thumb.notModified).toBe(false);
    expect(thumb.data.length).toBeGreaterThan(0);
    for (const b of [first.data, thumb.data]) for (const w of SECRETS) expect(b.toString('latin1')).not.toContain(w);
  });

  it('a deleted comment\'s image is NOT_FOUND at once, revalidation included', async () => {
    const { comment } = await post(await jpegWithEverything(), 'image/jpeg');
    const { etag } = await image(comment!.id);
    await h.client.deleteComment({ id: comment!.id }, { actor: u.actor });
    await expectGrpcError(image(comment!.id), grpc.status.NOT_FOUND, 'Image not found');
    await expectGrpcError(image(comment!.id, true), grpc.status.NOT_FOUND);
    await expectGrpcError(image(comment!.id, false, etag), grpc.status.NOT_FOUND);
  });

  it('a decompression bomb is INVALID_ARGUMENT "Image is too large" and creates nothing', async () => {
    const before = (await h.client.listComments({ questionId: question }, asAdmin())).comments.length;
    await expectGrpcError(post(pngBomb(), 'image/png', 'boom'), grpc.status.INVALID_ARGUMENT, 'Image is too large');
    expect((await h.client.listComments({ questionId: question }, asAdmin())).comments.length).toBe(before);
  });
});

describe('images stored before re-encoding', () => {
  it('are hidden until converted, then served re-encoded; unreadable ones are removed', async () => {
    const q = await h.publishQuestion();
    const original = await jpegWithEverything(2400, 1200);
    const insert = async (mime: string, data: Buffer) =>
      (
        await h.social.ctx.pool.query<{ id: string }>(
          'INSERT INTO comments (question_id, user_id, content, image_mime, image_data) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [q, u.id, 'old', mime, data],
        )
      ).rows[0]!.id;
    const good = await insert('image/jpeg', original);
    const broken = await insert('image/png', Buffer.from('\x89PNG\r\n\x1a\n not really', 'latin1'));

    // Before: listed without an image, and the original is never served.
    const listed = async () => new Map((await h.client.listComments({ questionId: q }, asAdmin())).comments.map((c) => [c.id, c]));
    expect((await listed()).get(good)).toMatchObject({ hasImage: false, imageWidth: 0 });
    await expectGrpcError(image(good), grpc.status.NOT_FOUND);

    const converted = await startImageBackfill(h.social.ctx).done;
    expect(converted).toBeGreaterThanOrEqual(2);
    const after = await listed();
    expect(after.get(good)).toMatchObject({ hasImage: true, imageWidth: 1600, imageHeight: 800, thumbWidth: 480, thumbHeight: 240 });
    expect(after.get(broken)).toMatchObject({ hasImage: false, content: 'old' });
    const served = await image(good);
    expect(served.mimeType).toBe('image/webp');
    for (const w of SECRETS) expect(served.data.toString('latin1')).not.toContain(w);
    const { rows } = await h.social.ctx.pool.query('SELECT count(*)::int AS n FROM comments WHERE image_data IS NOT NULL AND image_width IS NULL');
    expect(rows[0].n).toBe(0);
  });
});
