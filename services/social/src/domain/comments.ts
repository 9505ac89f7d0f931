import { invalid } from '@mzansi/kit';

/** Comment rules (PRODUCT.md): text and/or image; text ≤ 2,000; image PNG/JPEG/GIF/WebP, really that type, ≤ 5 MB. */

export const MAX_TEXT = 2000;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const MESSAGES = {
  empty: 'Please write something or add an image',
  tooLong: 'Comments can be at most 2,000 characters',
  tooLarge: 'Please select an image smaller than 5MB',
  badType: 'Only PNG, JPEG, GIF or WebP images are allowed',
  mismatch: 'The image does not match its type',
} as const;

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** The real type of image bytes, from their magic numbers. */
export function sniffImage(b: Uint8Array): ImageType | null {
  const at = (i: number, ...xs: number[]) => xs.every((x, k) => b[i + k] === x);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

const DATA_URL_RE = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** Decodes and checks an image data URL. Throws INVALID_ARGUMENT with the message users see. */
export function parseImageDataUrl(dataUrl: string): { mime: ImageType; bytes: Buffer } {
  // Base64 of 5 MB is ~6.7 M characters: refuse anything longer before decoding.
  if (dataUrl.length > Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64) throw invalid(MESSAGES.tooLarge);
  const m = DATA_URL_RE.exec(dataUrl);
  if (!m) throw invalid(MESSAGES.badType);
  const claimed = m[1] === 'image/jpg' ? 'image/jpeg' : m[1]!;
  if (!['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(claimed)) throw invalid(MESSAGES.badType);
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw invalid(MESSAGES.tooLarge);
  const real = sniffImage(bytes);
  if (!real) throw invalid(MESSAGES.badType);
  if (real !== claimed) throw invalid(MESSAGES.mismatch);
  return { mime: real, bytes: stripMetadata(real, bytes) };
}

/** Checks a new comment; returns the trimmed text. */
export function validateComment(content: string, hasImage: boolean): string {
  const text = content.trim();
  if (!text && !hasImage) throw invalid(MESSAGES.empty);
  if (text.length > MAX_TEXT) throw invalid(MESSAGES.tooLong);
  return text;
}

/**
 * Removes metadata that can give people away (EXIF with GPS positions, XMP, comments, text chunks) while keeping
 * the picture: JPEG APPn (except JFIF/Adobe colour) and COM segments, PNG text/EXIF/time chunks, WebP EXIF/XMP.
 */
export function stripMetadata(type: ImageType, b: Buffer): Buffer {
  try {
    if (type === 'image/jpeg') return stripJpeg(b);
    if (type === 'image/png') return stripPng(b);
    if (type === 'image/webp') return stripWebp(b);
  } catch {
    throw invalid('The image could not be read');
  }
  return b;
}

function stripJpeg(b: Buffer): Buffer {
  const parts: Buffer[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) throw new Error('bad marker');
    const marker = b[i + 1]!;
    if (marker === 0xda) {
      parts.push(b.subarray(i)); // start of scan: the rest is image data
      return Buffer.concat(parts);
    }
    const len = b.readUInt16BE(i + 2);
    const seg = b.subarray(i, i + 2 + len);
    const isApp = marker >= 0xe1 && marker <= 0xef; // APP0 (JFIF) kept
    const keepAdobe = marker === 0xee && seg.subarray(4, 9).toString('latin1') === 'Adobe';
    if ((!isApp || keepAdobe) && marker !== 0xfe) parts.push(seg);
    i += 2 + len;
  }
  throw new Error('no image data');
}

const PNG_DROP = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(b: Buffer): Buffer {
  const parts: Buffer[] = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const len = b.readUInt32BE(i);
    const type = b.subarray(i + 4, i + 8).toString('latin1');
    const end = i + 12 + len;
    if (end > b.length) throw new Error('truncated');
    if (!PNG_DROP.has(type)) parts.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') break;
  }
  return Buffer.concat(parts);
}

function stripWebp(b: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let i = 12;
  while (i + 8 <= b.length) {
    const fourcc = b.subarray(i, i + 4).toString('latin1');
    const len = b.readUInt32LE(i + 4);
    const end = i + 8 + len + (len % 2);
    if (i + 8 + len > b.length) throw new Error('truncated');
    if (fourcc !== 'EXIF' && fourcc !== 'XMP ') {
      const chunk = Buffer.from(b.subarray(i, Math.min(end, b.length)));
      if (fourcc === 'VP8X') chunk[8] = chunk[8]! & ~0x0c; // clear the EXIF and XMP flags
      chunks.push(chunk);
    }
    i = end;
  }
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
