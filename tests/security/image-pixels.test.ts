// Images are refused from their header when they declare more than 25 megapixels, counting every frame of an
// animation (frames × width × height): a 47 KB PNG of 7000 × 7000 used to cost about a second of decoding, and an
// animation of frames each under the limit added up to more. Through the gateway, against the real services.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError } from '../api/helpers.js';
import { dataUrl } from '../api/social-helpers.js';
import { animation, apngBomb, pngBomb } from '../../services/social/test/images.js';
import { startSystem, type SecUser, type System } from './system.js';

let sys: System;
let u: SecUser;
let q: string;

beforeAll(async () => {
  sys = await startSystem({ gatewayEnv: { RATE_COMMENTS_PER_MIN: '1000' } });
  u = await sys.user('Pix');
  q = await sys.publishQuestion();
});

afterAll(async () => {
  await sys?.stop();
});

const post = (mime: string, bytes: Buffer) => u.b.post(`/api/questions/${q}/comments`, { content: 'Look', imageUrl: dataUrl(mime, bytes) });
const count = async () => ((await u.b.get(`/api/questions/${q}/comments`)).json as unknown[]).length;

describe('images over 25 megapixels', () => {
  it('a tiny PNG declaring 7000 × 7000 (49 MP) → 400 "Image is too large" from its header, nothing stored', async () => {
    const png = pngBomb(7000);
    expect(png.length).toBeLessThan(64 * 1024);
    const started = Date.now();
    expectCleanError(await post('image/png', png), 400, 'Image is too large');
    const ms = Date.now() - started;
    expect(ms).toBeLessThan(1000);
    expect(await count()).toBe(0);
    console.log(`[security] images: ${png.length} B PNG declaring 7000x7000 (49 MP) refused in ${ms} ms (limit 25 MP)`);
  });

  it('animations count every frame: GIF, WebP and APNG of 3 × 2900² (25.2 MP) → 400; 2 frames are accepted', async () => {
    const cases: [string, Buffer][] = [
      ['image/gif', await animation('gif', 2900, 3)],
      ['image/webp', await animation('webp', 2900, 3)],
      ['image/png', apngBomb(2900, 3)],
    ];
    const sizes: string[] = [];
    for (const [mime, bytes] of cases) {
      const started = Date.now();
      expectCleanError(await post(mime, bytes), 400, 'Image is too large');
      sizes.push(`${mime} ${bytes.length} B in ${Date.now() - started} ms`);
    }
    expect(await count()).toBe(0);
    const fine = await post('image/gif', await animation('gif', 2900, 2));
    expect(fine.status, fine.text).toBe(201);
    expect(await count()).toBe(1);
    console.log(`[security] images: 3-frame animations of 2900x2900 refused (400): ${sizes.join(', ')}; a 2-frame one (16.8 MP) accepted`);
  }, 60_000);
});
