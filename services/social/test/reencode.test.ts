import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '@mzansi/kit';
import { parseImageDataUrl } from '../src/domain/comments.js';
import { apngFrames, etagOf, FULL_MAX_PX, hashesIn, IMAGE_MESSAGES, MAX_INPUT_PIXELS, reencodeImage, THUMB_MAX_PX } from '../src/domain/images.js';
import {
  animatedGif,
  animation,
  apngBomb,
  dataUrl,
  GIF,
  gifWithComment,
  JPEG,
  jpegWithEverything,
  photo,
  pixel,
  PNG,
  pngBomb,
  pngWithChunks,
  SECRETS,
  WEBP,
  webpWithMetadata,
} from './images.js';

async function expectRefused(call: Promise<unknown>, message: string) {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'expected a refusal').toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('INVALID_ARGUMENT');
  expect((err as AppError).message).toBe(message);
}

/** What sharp reads back from re-encoded bytes. */
const meta = (b: Buffer) => sharp(b).metadata();

function expectClean(b: Buffer) {
  const latin = b.toString('latin1');
  for (const word of SECRETS) expect(latin, `still carries ${word}`).not.toContain(word);
  // A WebP container with nothing but the picture: no EXIF, XMP or ICCP chunk.
  expect(latin.slice(0, 4)).toBe('RIFF');
  expect(latin.slice(8, 12)).toBe('WEBP');
  for (const chunk of ['EXIF', 'XMP ', 'ICCP']) expect(latin).not.toContain(chunk);
}

describe('reencodeImage', () => {
  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/gif', GIF],
    ['image/webp', WEBP],
  ] as const)('re-encodes a tiny %s as WebP without enlarging it', async (mime, bytes) => {
    const out = await reencodeImage(bytes, mime);
    expect(out.mime).toBe('image/webp');
    expect([out.full.width, out.full.height, out.thumb.width, out.thumb.height]).toEqual([1, 1, 1, 1]);
    expect((await meta(out.full.data)).format).toBe('webp');
    expect((await meta(out.thumb.data)).format).toBe('webp');
  });

  it('drops PNG tEXt/iTXt/iCCP/private chunks, a GIF comment, JPEG EXIF/GPS/XMP/ICC and HTML after the end marker, WebP EXIF/XMP', async () => {
    const cases = [
      ['image/png', await pngWithChunks()],
      ['image/gif', await gifWithComment()],
      ['image/jpeg', await jpegWithEverything()],
      ['image/webp', await webpWithMetadata()],
    ] as const;
    for (const [mime, bytes] of cases) {
      // The hostile parts are really in the input.
      expect(SECRETS.some((w) => bytes.toString('latin1').includes(w)), mime).toBe(true);
      const out = await reencodeImage(bytes, mime);
      for (const b of [out.full.data, out.thumb.data]) {
        expectClean(b);
        const m = await meta(b);
        expect([m.exif, m.xmp, m.icc, m.iptc, m.comments], mime).toEqual([undefined, undefined, undefined, undefined, undefined]);
      }
    }
  });

  it('keeps a large picture within 1600 px and its thumbnail within 480 px, proportions kept', async () => {
    const out = await reencodeImage(await photo(4000, 3000), 'image/jpeg');
    expect([out.full.width, out.full.height]).toEqual([FULL_MAX_PX, 1200]);
    expect([out.thumb.width, out.thumb.height]).toEqual([THUMB_MAX_PX, 360]);
    expect(await meta(out.full.data)).toMatchObject({ width: 1600, height: 1200 });
    expect(await meta(out.thumb.data)).toMatchObject({ width: 480, height: 360 });
    const tall = await reencodeImage(await photo(900, 2400), 'image/jpeg');
    expect([tall.full.width, tall.full.height, tall.thumb.width, tall.thumb.height]).toEqual([600, 1600, 180, 480]);
  });

  it('applies the EXIF orientation, then drops it', async () => {
    // Stored 200 × 100, left red and right blue; orientation 6 means "turn 90° clockwise to view".
    const out = await reencodeImage(await jpegWithEverything(200, 100, 6), 'image/jpeg');
    expect([out.full.width, out.full.height]).toEqual([100, 200]);
    const m = await meta(out.full.data);
    expect(m.orientation).toBeUndefined();
    const [top, bottom] = [await pixel(out.full.data, 50, 20), await pixel(out.full.data, 50, 180)];
    expect(top[0]).toBeGreaterThan(200); // red on top
    expect(bottom[2]).toBeGreaterThan(200); // blue below
  });

  it('keeps the first frame of an animated GIF', async () => {
    const gif = await animatedGif();
    expect((await meta(gif)).pages).toBe(2);
    const out = await reencodeImage(gif, 'image/gif');
    expect((await meta(out.full.data)).pages ?? 1).toBe(1);
    expect((await pixel(out.full.data, 16, 16))[0]).toBeGreaterThan(200);
  });

  it('refuses a decompression bomb from its header: "Image is too large"', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    // It passes the upload checks (a real PNG, small)...
    expect(parseImageDataUrl(dataUrl('image/png', bomb)).mime).toBe('image/png');
    const started = Date.now();
    await expectRefused(reencodeImage(bomb, 'image/png'), IMAGE_MESSAGES.tooLarge);
    expect(IMAGE_MESSAGES.tooLarge).toBe('Image is too large');
    // ...and is refused without being decoded.
    expect(Date.now() - started).toBeLessThan(1000);
    // Just over the limit is refused too; 25 MP itself is not "too large".
    await expectRefused(reencodeImage(pngBomb(Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1), 'image/png'), IMAGE_MESSAGES.tooLarge);
  });

  it('the limit is 25 MP: a small PNG declaring 7000 × 7000 (49 MP) is refused from its header', async () => {
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
    const png = pngBomb(7000);
    expect(png.length).toBeLessThan(64 * 1024);
    const started = Date.now();
    await expectRefused(reencodeImage(png, 'image/png'), IMAGE_MESSAGES.tooLarge);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('counts every frame of an animation: frames × width × height', async () => {
    // 3 frames of 2900² (8.4 MP each, 25.2 MP in all): each frame alone is allowed, the animation is not.
    for (const format of ['gif', 'webp'] as const) {
      const anim = await animation(format, 2900, 3);
      expect((await meta(anim)).pages).toBe(3);
      await expectRefused(reencodeImage(anim, `image/${format}`), IMAGE_MESSAGES.tooLarge);
    }
    // An APNG's frames are declared in its acTL chunk.
    expect(apngFrames(apngBomb(2900, 3))).toBe(3);
    expect(apngFrames(pngBomb(2900))).toBe(1);
    expect(apngFrames(PNG)).toBe(1);
    await expectRefused(reencodeImage(apngBomb(2900, 3), 'image/png'), IMAGE_MESSAGES.tooLarge);
    // Two frames of the same size (16.8 MP) are fine.
    const two = await animation('gif', 2900, 2);
    expect((await reencodeImage(two, 'image/gif')).full.width).toBe(FULL_MAX_PX);
  }, 30_000);

  it('refuses what does not decode as its sniffed type', async () => {
    await expectRefused(reencodeImage(PNG.subarray(0, 30), 'image/png'), IMAGE_MESSAGES.unreadable);
    await expectRefused(reencodeImage(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 0x3b)]), 'image/gif'), IMAGE_MESSAGES.unreadable);
    await expectRefused(reencodeImage(JPEG, 'image/png'), IMAGE_MESSAGES.unreadable);
  });

  it('runs many at once without failing (bounded, queued)', async () => {
    const input = await photo(1200, 900);
    const outs = await Promise.all(Array.from({ length: 8 }, () => reencodeImage(input, 'image/jpeg')));
    expect(new Set(outs.map((o) => o.hash)).size).toBe(1);
  });
});

describe('entity tags', () => {
  it('one hash, one tag per variant; If-None-Match lists are read per variant', () => {
    expect(etagOf('abc', false)).toBe('"abc"');
    expect(etagOf('abc', true)).toBe('"abc-t"');
    expect(hashesIn('"abc"', false)).toEqual(['abc']);
    expect(hashesIn('"abc"', true)).toEqual([]);
    expect(hashesIn('W/"abc-t", "def"', true)).toEqual(['abc']);
    expect(hashesIn('W/"abc-t", "def"', false)).toEqual(['def']);
    expect(hashesIn(' * ', false)).toBe('*');
    expect(hashesIn('garbage, "x y"', false)).toEqual([]);
  });
});
