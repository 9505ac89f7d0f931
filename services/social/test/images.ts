import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

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

// ---- Real images made with sharp, and hostile variants of them (re-encoding tests) ----

/** A `width` × `height` picture: left half red, right half blue (so a rotation shows), as raw RGB. */
function halves(width: number, height: number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < width / 2) raw[i] = 255;
      else raw[i + 2] = 255;
    }
  }
  return raw;
}

const rawInput = (width: number, height: number) => sharp(halves(width, height), { raw: { width, height, channels: 3 } });

/** Metadata words that must never survive re-encoding. */
export const SECRETS = ['GPS', 'Cape Town', 'PhoneCo', 'xmpmeta', '<script', 'Exif', 'ICC_PROFILE', 'iCCP', 'prVt', 'Shot at'] as const;

/** A PNG of the given size carrying tEXt, iTXt, an iCCP profile and a private (prVt) chunk. */
export async function pngWithChunks(width = 64, height = 48): Promise<Buffer> {
  const png = await rawInput(width, height).png().toBuffer();
  const afterIhdr = 8 + 12 + png.readUInt32BE(8);
  const icc = Buffer.concat([Buffer.from('ICC_PROFILE\0\0', 'latin1'), deflateSync(Buffer.from('fake profile from PhoneCo'))]);
  return Buffer.concat([
    png.subarray(0, afterIhdr),
    pngChunk('tEXt', Buffer.from('Comment\0GPS -33.9249,18.4241 Cape Town', 'latin1')),
    pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>GPS</x:xmpmeta>', 'latin1')),
    pngChunk('iCCP', icc),
    pngChunk('prVt', Buffer.from('<script>alert(1)</script>', 'latin1')),
    png.subarray(afterIhdr),
  ]);
}

/** A GIF with a comment extension block right after its colour table. */
export async function gifWithComment(width = 40, height = 30): Promise<Buffer> {
  const gif = await rawInput(width, height).gif().toBuffer();
  const packed = gif[10]!;
  const tableEnd = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  const text = Buffer.from('Shot at 12 Main Road, Cape Town <script>alert(1)</script>', 'latin1');
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), text, Buffer.from([0])]);
  return Buffer.concat([gif.subarray(0, tableEnd), comment, gif.subarray(tableEnd)]);
}

/** A two-frame animated GIF (red, then blue). */
export async function animatedGif(size = 32): Promise<Buffer> {
  const frame = (r: number, b: number) => sharp({ create: { width: size, height: size, channels: 3, background: { r, g: 0, b } } }).png().toBuffer();
  return sharp([await frame(255, 0), await frame(0, 255)], { join: { animated: true } })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

/**
 * A JPEG (left red, right blue) with EXIF (camera, GPS, the given orientation), XMP and an ICC profile, and an
 * HTML page appended after its end marker.
 */
export async function jpegWithEverything(width = 200, height = 100, orientation = 1): Promise<Buffer> {
  const jpeg = await rawInput(width, height)
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'X1', ImageDescription: 'Shot at 12 Main Road, Cape Town' }, IFD3: { GPSLatitudeRef: 'S', GPSLongitudeRef: 'E' } })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>GPS Cape Town</rdf:Description></rdf:RDF></x:xmpmeta>')
    .withIccProfile('p3')
    .withMetadata({ orientation })
    .jpeg({ quality: 90 })
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>', 'latin1')]);
}

/** A WebP with EXIF and XMP. */
export async function webpWithMetadata(width = 64, height = 48): Promise<Buffer> {
  return rawInput(width, height)
    .withExif({ IFD0: { Make: 'PhoneCo', ImageDescription: 'GPS Cape Town' } })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">GPS</x:xmpmeta>')
    .webp()
    .toBuffer();
}

/** A plain JPEG photo of the given size (a gradient, so it compresses like a picture). */
export async function photo(width: number, height: number): Promise<Buffer> {
  return rawInput(width, height).blur(8).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A `side` × `side` PNG of random RGB pixels stored without compression: the worst case for every encoder (there is
 * nothing to compress). 1290 × 1290 is 4.99 MB, just under the 5 MB limit.
 */
export async function noisePng(side = 1290): Promise<Buffer> {
  const size = side * side * 3;
  const raw = Buffer.alloc(size + 4);
  for (let i = 0; i < size; i += 4) raw.writeUInt32LE((Math.random() * 0x100000000) >>> 0, i);
  return sharp(raw.subarray(0, size), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

/**
 * A decompression bomb's header: a small PNG declaring `side` × `side` RGBA (20000² is 400 M pixels, ~1.6 GB
 * decoded) whose IDAT holds only the first row.
 */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([PNG.subarray(0, 8), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(side * 4 + 1))), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * An animated PNG's header: `pngBomb(side)` with an `acTL` chunk declaring `frames` frames (libvips itself reads an
 * APNG as its still image, so only the chunk tells how many frames a viewer's browser would decode).
 */
export function apngBomb(side: number, frames: number): Buffer {
  const bomb = pngBomb(side);
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(frames, 0);
  actl.writeUInt32BE(0, 4); // plays forever
  const afterIhdr = 8 + 12 + 13;
  return Buffer.concat([bomb.subarray(0, afterIhdr), pngChunk('acTL', actl), bomb.subarray(afterIhdr)]);
}

/** A real animation of `frames` solid `side` × `side` frames (small on disk: nothing in it to store). */
export async function animation(format: 'gif' | 'webp', side: number, frames: number): Promise<Buffer> {
  const frame = (r: number) => sharp({ create: { width: side, height: side, channels: 3, background: { r, g: 0, b: 255 - r } } }).png({ compressionLevel: 1 }).toBuffer();
  const all = await Promise.all(Array.from({ length: frames }, (_, i) => frame(Math.round((255 * i) / Math.max(1, frames - 1)))));
  const delay = all.map(() => 100);
  const joined = sharp(all, { join: { animated: true } });
  return format === 'gif' ? joined.gif({ loop: 0, delay }).toBuffer() : joined.webp({ loop: 0, delay, effort: 0 }).toBuffer();
}

/** The colour at (x, y) of an image, as [r, g, b]. */
export async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
