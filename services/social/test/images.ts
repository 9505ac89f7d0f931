import { crc32 } from 'node:zlib';

/** Tiny, valid images of each accepted type (and helpers to build variants with metadata). */

/** 1×1 PNG (signature, IHDR, IDAT, IEND). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** 1×1 baseline JPEG: SOI, APP0 (JFIF), DQT, SOF2, DHT, SOS + data, EOI. */
export const JPEG = Buffer.concat([
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  Buffer.from([0xff, 0xd9]),
]);
/** 1×1 GIF89a. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** 1×1 lossless WebP (RIFF, WEBP, VP8L). */
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');

/** A PNG chunk with a correct CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([len, typeAndData, crc]);
}

export interface PngChunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

/** Walks a PNG's chunks (throws when the structure is broken). */
export function pngChunks(b: Buffer): PngChunk[] {
  if (!b.subarray(0, 8).equals(PNG.subarray(0, 8))) throw new Error('no PNG signature');
  const out: PngChunk[] = [];
  let i = 8;
  while (i < b.length) {
    if (i + 12 > b.length) throw new Error('truncated chunk header');
    const len = b.readUInt32BE(i);
    const type = b.subarray(i + 4, i + 8).toString('latin1');
    if (i + 12 + len > b.length) throw new Error('truncated chunk');
    const data = b.subarray(i + 8, i + 8 + len);
    const crc = b.readUInt32BE(i + 8 + len);
    out.push({ type, data, crcOk: (crc32(b.subarray(i + 4, i + 8 + len)) >>> 0) === crc });
    i += 12 + len;
  }
  return out;
}

/** A PNG with the given chunks inserted right after IHDR. */
export function pngWith(...extra: Buffer[]): Buffer {
  const afterIhdr = 8 + 12 + PNG.readUInt32BE(8);
  return Buffer.concat([PNG.subarray(0, afterIhdr), ...extra, PNG.subarray(afterIhdr)]);
}

/** A JPEG segment (marker + big-endian length + payload). */
export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

export interface JpegSegment {
  marker: number;
  length: number;
}

/** Walks a JPEG's header segments up to SOS (throws when the structure is broken); `scan` is the rest. */
export function jpegSegments(b: Buffer): { segments: JpegSegment[]; scan: Buffer } {
  if (b[0] !== 0xff || b[1] !== 0xd8) throw new Error('no SOI');
  const segments: JpegSegment[] = [];
  let i = 2;
  for (;;) {
    if (i + 4 > b.length) throw new Error('truncated');
    if (b[i] !== 0xff) throw new Error(`bad marker at ${i}`);
    const marker = b[i + 1]!;
    const length = b.readUInt16BE(i + 2);
    if (i + 2 + length > b.length) throw new Error('truncated segment');
    segments.push({ marker, length });
    if (marker === 0xda) return { segments, scan: b.subarray(i) };
    i += 2 + length;
  }
}

/** A JPEG with the given segments inserted right after APP0. */
export function jpegWith(...extra: Buffer[]): Buffer {
  const afterApp0 = 2 + 2 + JPEG.readUInt16BE(4);
  return Buffer.concat([JPEG.subarray(0, afterApp0), ...extra, JPEG.subarray(afterApp0)]);
}

/** A minimal TIFF/Exif payload carrying a "GPS" marker string, as cameras write in APP1. */
export const EXIF_PAYLOAD = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from('MM\0*\0\0\0\x08', 'latin1'), Buffer.from('GPS -33.9249,18.4241 Cape Town', 'latin1')]);
