import { describe, expect, it } from 'vitest';
import { AppError } from '@mzansi/kit';
import { MAX_IMAGE_BYTES, MAX_TEXT, MESSAGES, parseImageDataUrl, sniffImage, stripMetadata, validateComment } from '../src/domain/comments.js';
import {
  dataUrl,
  EXIF_PAYLOAD,
  GIF,
  JPEG,
  jpegSegment,
  jpegSegments,
  jpegWith,
  PNG,
  pngChunk,
  pngChunks,
  pngWith,
  SVG,
  WEBP,
} from './images.js';

/** Runs `fn`, which must throw an INVALID_ARGUMENT AppError with exactly `message`. */
function expectInvalid(fn: () => unknown, message: string) {
  let thrown: unknown;
  try {
    fn();
  } catch (err) {
    thrown = err;
  }
  expect(thrown, 'expected an error').toBeInstanceOf(AppError);
  expect((thrown as AppError).code).toBe('INVALID_ARGUMENT');
  expect((thrown as AppError).message).toBe(message);
}

describe('sniffImage', () => {
  it('recognises PNG, JPEG, GIF (87a and 89a) and WebP by their magic bytes', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(JPEG)).toBe('image/jpeg');
    expect(sniffImage(GIF)).toBe('image/gif');
    expect(sniffImage(Buffer.from('GIF87a\x01\x00\x01\x00', 'latin1'))).toBe('image/gif');
    expect(sniffImage(WEBP)).toBe('image/webp');
  });

  it('recognises nothing else', () => {
    expect(sniffImage(SVG)).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    expect(sniffImage(Buffer.from('GIF88a', 'latin1'))).toBeNull();
    // RIFF but not WEBP (a WAV file).
    expect(sniffImage(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImage(PNG.subarray(0, 7))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7', 'latin1'))).toBeNull();
  });
});

describe('parseImageDataUrl', () => {
  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/gif', GIF],
    ['image/webp', WEBP],
  ] as const)('accepts a tiny valid %s and returns its bytes', (mime, bytes) => {
    const out = parseImageDataUrl(dataUrl(mime, bytes));
    expect(out.mime).toBe(mime);
    // These fixtures carry no metadata: nothing is removed.
    expect(Buffer.from(out.bytes).equals(bytes)).toBe(true);
  });

  it('takes image/jpg as image/jpeg', () => {
    expect(parseImageDataUrl(dataUrl('image/jpg', JPEG)).mime).toBe('image/jpeg');
  });

  it('refuses SVG data URLs, whatever the encoding', () => {
    expectInvalid(() => parseImageDataUrl(dataUrl('image/svg+xml', SVG)), MESSAGES.badType);
    expectInvalid(() => parseImageDataUrl(`data:image/svg+xml;utf8,${SVG.toString()}`), MESSAGES.badType);
    // SVG bytes dressed up as a PNG: the bytes are no known image.
    expectInvalid(() => parseImageDataUrl(dataUrl('image/png', SVG)), MESSAGES.badType);
  });

  it('refuses other types and things that are not data URLs', () => {
    expectInvalid(() => parseImageDataUrl(dataUrl('text/html', Buffer.from('<b>hi</b>'))), MESSAGES.badType);
    expectInvalid(() => parseImageDataUrl(dataUrl('image/bmp', Buffer.from('BM\0\0\0\0'))), MESSAGES.badType);
    expectInvalid(() => parseImageDataUrl('https://example.com/cat.png'), MESSAGES.badType);
    expectInvalid(() => parseImageDataUrl(`${dataUrl('image/png', PNG)}"><script>`), MESSAGES.badType);
  });

  it('refuses bytes that are not the claimed type', () => {
    expectInvalid(() => parseImageDataUrl(dataUrl('image/jpeg', PNG)), 'The image does not match its type');
    expect(MESSAGES.mismatch).toBe('The image does not match its type');
    expectInvalid(() => parseImageDataUrl(dataUrl('image/png', GIF)), MESSAGES.mismatch);
    expectInvalid(() => parseImageDataUrl(dataUrl('image/gif', WEBP)), MESSAGES.mismatch);
    expectInvalid(() => parseImageDataUrl(dataUrl('image/webp', JPEG)), MESSAGES.mismatch);
  });

  it('accepts exactly 5 MB and refuses one byte more', () => {
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
    // A valid PNG padded after IEND to exactly 5 MB.
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect(exact.length).toBe(5 * 1024 * 1024);
    const ok = parseImageDataUrl(dataUrl('image/png', exact));
    expect(ok.mime).toBe('image/png');
    expect(pngChunks(Buffer.from(ok.bytes)).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);

    const over = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    expectInvalid(() => parseImageDataUrl(dataUrl('image/png', over)), 'Please select an image smaller than 5MB');
    // Far too long to even decode: refused by length first.
    expectInvalid(() => parseImageDataUrl(`data:image/png;base64,${'A'.repeat(8 * 1024 * 1024)}`), MESSAGES.tooLarge);
  });

  it('strips metadata from what it returns', () => {
    const out = parseImageDataUrl(dataUrl('image/jpeg', jpegWith(jpegSegment(0xe1, EXIF_PAYLOAD))));
    expect(Buffer.from(out.bytes).equals(JPEG)).toBe(true);
  });
});

describe('stripMetadata', () => {
  it('removes a JPEG APP1 Exif segment (and COM) and keeps every other segment and the scan intact', () => {
    const withExif = jpegWith(jpegSegment(0xe1, EXIF_PAYLOAD), jpegSegment(0xfe, Buffer.from('shot on my phone at home')));
    expect(withExif.includes(Buffer.from('GPS'))).toBe(true);
    const before = jpegSegments(withExif).segments.map((s) => s.marker);
    expect(before).toEqual([0xe0, 0xe1, 0xfe, 0xdb, 0xc2, 0xc4, 0xda]);

    const out = stripMetadata('image/jpeg', withExif);
    const { segments, scan } = jpegSegments(out);
    expect(segments.map((s) => s.marker)).toEqual([0xe0, 0xdb, 0xc2, 0xc4, 0xda]);
    expect(out.includes(Buffer.from('Exif'))).toBe(false);
    expect(out.includes(Buffer.from('GPS'))).toBe(false);
    expect(out.includes(Buffer.from('phone'))).toBe(false);
    // The scan (image data) and EOI are untouched; the result is exactly the original clean image.
    expect(scan.equals(jpegSegments(JPEG).scan)).toBe(true);
    expect(out.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    expect(out.equals(JPEG)).toBe(true);
  });

  it('keeps an Adobe APP14 colour segment', () => {
    const adobe = jpegSegment(0xee, Buffer.from('Adobe\0\x64\0\0\0\0\x01', 'latin1'));
    const out = stripMetadata('image/jpeg', jpegWith(jpegSegment(0xe1, EXIF_PAYLOAD), adobe));
    expect(jpegSegments(out).segments.map((s) => s.marker)).toEqual([0xe0, 0xee, 0xdb, 0xc2, 0xc4, 0xda]);
  });

  it('removes PNG tEXt (and eXIf, iTXt, tIME) chunks and keeps the rest with valid CRCs and IEND', () => {
    const withText = pngWith(
      pngChunk('tEXt', Buffer.from('Comment\0GPS -33.9249,18.4241', 'latin1')),
      pngChunk('eXIf', EXIF_PAYLOAD.subarray(6)),
      pngChunk('iTXt', Buffer.from('Author\0\0\0\0\0Thabo', 'latin1')),
      pngChunk('tIME', Buffer.from([0x07, 0xe9, 1, 2, 3, 4, 5])),
    );
    expect(pngChunks(withText).map((c) => c.type)).toEqual(['IHDR', 'tEXt', 'eXIf', 'iTXt', 'tIME', 'IDAT', 'IEND']);

    const out = stripMetadata('image/png', withText);
    const chunks = pngChunks(out);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    expect(out.includes(Buffer.from('GPS'))).toBe(false);
    expect(out.includes(Buffer.from('Thabo'))).toBe(false);
    expect(out.equals(PNG)).toBe(true);
  });

  it('removes WebP EXIF chunks and clears the VP8X EXIF flag', () => {
    // An extended WebP: VP8X (EXIF flag set) + the VP8L image + EXIF.
    const vp8x = Buffer.alloc(18);
    vp8x.write('VP8X', 0, 'latin1');
    vp8x.writeUInt32LE(10, 4);
    vp8x[8] = 0x08; // EXIF present
    const image = WEBP.subarray(12);
    const exif = Buffer.alloc(8);
    exif.write('EXIF', 0, 'latin1');
    exif.writeUInt32LE(EXIF_PAYLOAD.length, 4);
    const exifChunk = Buffer.concat([exif, EXIF_PAYLOAD, Buffer.alloc(EXIF_PAYLOAD.length % 2)]);
    const body = Buffer.concat([vp8x, image, exifChunk]);
    const header = Buffer.alloc(12);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(body.length + 4, 4);
    header.write('WEBP', 8, 'latin1');
    const out = stripMetadata('image/webp', Buffer.concat([header, body]));
    expect(sniffImage(out)).toBe('image/webp');
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    expect(out.includes(Buffer.from('GPS'))).toBe(false);
    expect(out.subarray(12, 16).toString('latin1')).toBe('VP8X');
    expect(out[20]! & 0x0c).toBe(0);
    expect(out.subarray(30).equals(image)).toBe(true);
  });

  it('leaves GIFs as they are and refuses broken images', () => {
    expect(stripMetadata('image/gif', GIF).equals(GIF)).toBe(true);
    expectInvalid(() => stripMetadata('image/jpeg', JPEG.subarray(0, 30)), 'The image could not be read');
    // A chunk cut short (IHDR claims 13 bytes).
    expectInvalid(() => stripMetadata('image/png', PNG.subarray(0, 30)), 'The image could not be read');
  });
});

describe('validateComment', () => {
  it('needs text or an image after trimming', () => {
    expectInvalid(() => validateComment('', false), 'Please write something or add an image');
    expectInvalid(() => validateComment('   \n\t  ', false), 'Please write something or add an image');
    expect(validateComment('', true)).toBe('');
    expect(validateComment('  \n ', true)).toBe('');
  });

  it('trims the text', () => {
    expect(validateComment('  Ayoba!  \n', false)).toBe('Ayoba!');
  });

  it('allows 2,000 characters and refuses 2,001', () => {
    expect(MAX_TEXT).toBe(2000);
    expect(validateComment('a'.repeat(2000), false)).toHaveLength(2000);
    // Surrounding whitespace does not count.
    expect(validateComment(`  ${'a'.repeat(2000)}  `, false)).toHaveLength(2000);
    expectInvalid(() => validateComment('a'.repeat(2001), false), MESSAGES.tooLong);
    expectInvalid(() => validateComment('a'.repeat(2001), true), MESSAGES.tooLong);
  });
});
