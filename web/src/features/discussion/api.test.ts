import { expect, test } from 'vitest';
import { sniffImageType } from './api';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);

test('the first bytes name PNG, JPEG, GIF and WebP; anything else (an SVG, text, too short) is null', () => {
  expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
  expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
  expect(sniffImageType(ascii('GIF89a'))).toBe('image/gif');
  expect(sniffImageType(ascii('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  expect(sniffImageType(ascii('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
  expect(sniffImageType(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  expect(sniffImageType(bytes(0x89, 0x50))).toBeNull();
  expect(sniffImageType(bytes())).toBeNull();
});
