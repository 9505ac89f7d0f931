// Issue 10, scenario 17: comment images — the four allowed types only, the 5 MB ± 1 byte boundary, type/magic
// mismatches and SVG refused, metadata stripped, and nothing larger than the limits reaching gRPC or NATS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError } from '../../gateway/test/helpers.js';
import { dataUrl, getBytes, PNG, socialEvents } from '../../gateway/test/social-helpers.js';
import { metricValue, startSystem, type SecUser, type System } from './system.js';

const MB5 = 5 * 1024 * 1024;
let sys: System;
let u: SecUser;
let q: string;

beforeAll(async () => {
  sys = await startSystem({ gatewayEnv: { RATE_COMMENTS_PER_MIN: '1000' } });
  u = await sys.user('Img');
  q = await sys.publishQuestion();
});

afterAll(async () => {
  await sys?.stop();
});

const seg = (marker: number, payload: Buffer) => {
  const h = Buffer.alloc(4);
  h[0] = 0xff;
  h[1] = marker;
  h.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([h, payload]);
};

/** A JPEG with JFIF APP0, an EXIF APP1 carrying GPS coordinates, an XMP APP1, a COM segment and image data. */
function jpegWithExif(): Buffer {
  const tiff = Buffer.concat([
    Buffer.from('Exif\0\0', 'latin1'),
    Buffer.from('MM\0\x2a\0\0\0\x08', 'latin1'),
    Buffer.from('GPSLatitude -33.9249 GPSLongitude 18.4241 Make PhoneCo Model X1', 'latin1'),
  ]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    seg(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    seg(0xe1, tiff),
    seg(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPSLatitude</x:xmpmeta>', 'latin1')),
    seg(0xfe, Buffer.from('Shot at 12 Main Road, Cape Town', 'latin1')),
    seg(0xdb, Buffer.alloc(65, 1)),
    seg(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0x56, 0xff, 0xd9]),
  ]);
}

function pngChunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}

/** The 1×1 PNG with tEXt and eXIf chunks inserted after IHDR. */
function pngWithText(): Buffer {
  const ihdrEnd = 8 + 12 + 13;
  return Buffer.concat([
    PNG.subarray(0, ihdrEnd),
    pngChunk('tEXt', Buffer.from('Comment\0GPS -33.92 18.42', 'latin1')),
    pngChunk('eXIf', Buffer.from('MM\0\x2aExif GPS', 'latin1')),
    PNG.subarray(ihdrEnd),
  ]);
}

function webpWithExif(): Buffer {
  const chunk = (fourcc: string, data: Buffer) => {
    const h = Buffer.alloc(8);
    h.write(fourcc, 0, 'latin1');
    h.writeUInt32LE(data.length, 4);
    return Buffer.concat([h, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08 | 0x04; // EXIF + XMP flags
  const body = Buffer.concat([
    chunk('VP8X', vp8x),
    chunk('VP8L', Buffer.from([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0])),
    chunk('EXIF', Buffer.from('Exif\0\0MM GPSLatitude -33.9', 'latin1')),
    chunk('XMP ', Buffer.from('<x:xmpmeta>GPS</x:xmpmeta>', 'latin1')),
  ]);
  const h = Buffer.alloc(12);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(body.length + 4, 4);
  h.write('WEBP', 8, 'latin1');
  return Buffer.concat([h, body]);
}

const gif = (size: number) => {
  const b = Buffer.alloc(size, 0x3b);
  b.write('GIF89a', 0, 'latin1');
  return b;
};

const post = (imageUrl: string, content = '') => u.b.post(`/api/questions/${q}/comments`, { content, imageUrl });
const postComments = () => metricValue(sys.gw.gateway.metricsPort, 'grpc_client_handling_seconds_count', ['PostComment']);

describe('scenario 17: comment images', () => {
  it('PNG, JPEG, GIF and WebP are accepted and served as themselves, metadata stripped', async () => {
    const cases: [string, Buffer, string[]][] = [
      ['image/png', pngWithText(), ['tEXt', 'eXIf', 'GPS']],
      ['image/jpeg', jpegWithExif(), ['Exif', 'GPS', 'xmpmeta', 'Main Road', 'PhoneCo']],
      ['image/gif', gif(64), []],
      ['image/webp', webpWithExif(), ['EXIF', 'Exif', 'GPS', 'XMP ', 'xmpmeta']],
    ];
    for (const [mime, bytes, banned] of cases) {
      const res = await post(dataUrl(mime, bytes));
      expect(res.status, `${mime}: ${res.text}`).toBe(201);
      expect(res.json.imageUrl).toBe(`/api/comments/${res.json.id}/image`);
      const img = await getBytes(sys.base, res.json.imageUrl);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe(mime);
      expect(img.headers.get('x-content-type-options')).toBe('nosniff');
      const latin = img.body.toString('latin1');
      for (const word of banned) expect(latin, `${mime} still carries ${word}`).not.toContain(word);
      expect(img.body.length).toBeLessThanOrEqual(bytes.length);
    }
    // The JPEG keeps its structure: SOI, JFIF, image data, EOI.
    const res = await post(dataUrl('image/jpeg', jpegWithExif()));
    const served = (await getBytes(sys.base, res.json.imageUrl)).body;
    expect(served.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(served.toString('latin1')).toContain('JFIF');
    expect(served.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    // `image/jpg` is a common alias.
    expect((await post(dataUrl('image/jpg', jpegWithExif()))).status).toBe(201);
  });

  it('5 MB is accepted, 5 MB + 1 byte is refused', async () => {
    const ok = await post(dataUrl('image/gif', gif(MB5)));
    expect(ok.status, ok.text.slice(0, 200)).toBe(201);
    const img = await getBytes(sys.base, ok.json.imageUrl);
    expect(img.body.length).toBe(MB5);
    const calls = await postComments();
    expectCleanError(await post(dataUrl('image/gif', gif(MB5 + 1))), 400, 'Please select an image smaller than 5MB');
    // Refused by the gateway itself: the oversized image never reached the social service.
    expect(await postComments()).toBe(calls);
    expect((await post(dataUrl('image/gif', gif(MB5 - 1)), 'x')).status).toBe(201);
  });

  it('other types, type/magic mismatches and SVG → 400, and no comment is created', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
    const before = (await u.b.get(`/api/questions/${q}/comments`)).json.length;
    const bad: [string, string][] = [
      ['svg', dataUrl('image/svg+xml', svg)],
      ['svg claimed as png', dataUrl('image/png', svg)],
      ['html', dataUrl('text/html', Buffer.from('<script>alert(1)</script>'))],
      ['bmp', dataUrl('image/bmp', Buffer.from('BM' + '\0'.repeat(60), 'latin1'))],
      ['tiff', dataUrl('image/tiff', Buffer.from('II*\0' + '\0'.repeat(60), 'latin1'))],
      ['jpeg bytes claimed png', dataUrl('image/png', jpegWithExif())],
      ['png bytes claimed jpeg', dataUrl('image/jpeg', PNG)],
      ['gif bytes claimed webp', dataUrl('image/webp', gif(64))],
      ['png bytes claimed gif', dataUrl('image/gif', PNG)],
      ['random bytes claimed png', dataUrl('image/png', Buffer.from('not an image at all'))],
      ['empty png', 'data:image/png;base64,'],
      ['not base64', 'data:image/png,%89PNG'],
      ['http url', 'https://evil.example/x.png'],
      ['javascript url', 'javascript:alert(1)'],
      ['uppercase mime', dataUrl('IMAGE/PNG', PNG)],
      ['mime with parameters', `data:image/png;charset=utf-8;base64,${PNG.toString('base64')}`],
      ['truncated png', dataUrl('image/png', PNG.subarray(0, 20))],
    ];
    for (const [name, url] of bad) {
      const res = await post(url, 'caption');
      try {
        expectCleanError(res, 400);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
    }
    expect((await u.b.get(`/api/questions/${q}/comments`)).json.length).toBe(before);
  });

  it('images over the limit never reach gRPC (413/400 at the gateway) nor travel in events', async () => {
    const before = await postComments();
    // 5.1 MB of image: its base64 still fits the 7 MB body limit, so only the gateway's own check can stop it.
    const big = await post(dataUrl('image/gif', gif(Math.round(5.1 * 1024 * 1024))));
    expectCleanError(big, 400, 'Please select an image smaller than 5MB');
    // 6 MB: larger than the body limit.
    const huge = await post(dataUrl('image/gif', gif(6 * 1024 * 1024)));
    expectCleanError(huge, 413);
    // A long non-image string.
    expectCleanError(await post('x'.repeat(7_100_000)), 400, 'Please select an image smaller than 5MB');
    expectCleanError(await post(`data:image/png;base64,${'A'.repeat(7_000_000)}`), 400);
    expect(await postComments()).toBe(before);

    // Events: comment.posted carries no image bytes (the 5 MB one included).
    const events = (await socialEvents(sys.services.ns)).filter((ev) => ev.type.endsWith('comment.posted'));
    expect(events.length).toBeGreaterThanOrEqual(5);
    let largest = 0;
    for (const ev of events) {
      const text = JSON.stringify(ev);
      largest = Math.max(largest, text.length);
      expect(text).not.toMatch(/data:image|base64|iVBORw0KGgo|R0lGOD|\/9j\//);
      expect(text.length).toBeLessThan(8 * 1024);
    }
    console.log(`[security] images: ${events.length} comment.posted events, largest ${largest} bytes of JSON`);
  });
});
