import { describe, expect, it } from 'vitest';
import { AppError } from '@mzansi/kit';
import { MAX_IMAGE_BYTES, MAX_TEXT, MESSAGES, parseImageDataUrl, sniffImage, validateComment } from '../src/domain/comments.js';
import {
  dataUrl,
  GIF,
  JPEG,
  PNG,
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
    expect(ok.bytes.length).toBe(5 * 1024 * 1024);

    const over = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    expectInvalid(() => parseImageDataUrl(dataUrl('image/png', over)), 'Please select an image smaller than 5MB');
    // Far too long to even decode: refused by length first.
    expectInvalid(() => parseImageDataUrl(`data:image/png;base64,${'A'.repeat(8 * 1024 * 1024)}`), MESSAGES.tooLarge);
  });

  it('returns the bytes as sent: re-encoding (images.ts) comes next', () => {
    const out = parseImageDataUrl(dataUrl('image/png', PNG));
    expect(out.bytes.equals(PNG)).toBe(true);
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
