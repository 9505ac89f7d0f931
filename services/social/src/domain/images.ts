import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';
import type { ImageType } from './comments.js';

/**
 * Comment images are never stored or served as sent: each is decoded and re-encoded, which drops everything but the
 * pixels (EXIF/GPS, XMP, ICC profiles, PNG text and private chunks, GIF comments, bytes after a JPEG's end marker)
 * and bounds what viewers download and decode. GIFs keep their first frame only: a still is enough for a comment and
 * an animation would multiply both the work here and the bytes every visitor of the landing page receives.
 */

/** The long side of the stored image and of its thumbnail (lists, feed and landing page load the thumbnail). */
export const FULL_MAX_PX = 1600;
export const THUMB_MAX_PX = 480;
/**
 * Declared pixels beyond which an upload is refused from its header, before a pixel is decoded: frames × width ×
 * height, so that an animation counts every frame it declares. 25 MP is more than a phone's default photo (12–24 MP)
 * and far more than the 1600 px kept; a 47 KB PNG declaring 7000 × 7000 (49 MP) cost about a second of decoding, and
 * one declaring 20000 × 20000 (400 MP, ~1.6 GB as RGBA) is a decompression bomb.
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/** Images re-encoded at once per process; the others wait their turn (libvips already uses every core for one). */
export const MAX_CONCURRENT_JOBS = 2;

export const IMAGE_MESSAGES = codedMessages('image', {
  tooLarge: 'Image is too large',
  unreadable: 'The image could not be read',
} as const);

const FORMAT: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp' };

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ReencodedImage {
  mime: 'image/webp';
  full: EncodedImage;
  thumb: EncodedImage;
  /** A hash of both encodings: the base of their entity tags. */
  hash: string;
}

// Every upload is new: libvips' operation cache would only hold memory.
sharp.cache(false);

/** A counting semaphore: at most `size` jobs run, the rest queue in order. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

const slots = new Slots(MAX_CONCURRENT_JOBS);

/**
 * Decodes `bytes` (already sniffed as `type`) and returns the WebP image (≤ 1600 px, EXIF orientation applied, no
 * metadata) and its thumbnail (≤ 480 px). Throws INVALID_ARGUMENT "Image is too large" for more than
 * MAX_INPUT_PIXELS and "The image could not be read" for anything libvips cannot decode as that type. The work runs
 * on libvips' threads, off the event loop.
 */
export function reencodeImage(bytes: Buffer, type: ImageType): Promise<ReencodedImage> {
  return slots.run(() => encode(bytes, type));
}

async function encode(bytes: Buffer, type: ImageType): Promise<ReencodedImage> {
  // `pages: 1`: an animated GIF or WebP is read as its first frame. failOn 'error': tolerate what decoders merely
  // warn about (common in phones' files); the output is rebuilt from the pixels anyway.
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
  // The header alone: sharp refuses a declared size over the pixel limit here, before any pixel is decoded.
  const meta = await input().metadata().catch(refused);
  if (meta.format !== FORMAT[type] || !meta.width || !meta.height) throw invalid(IMAGE_MESSAGES.unreadable);
  if (declaredPixels(bytes, type, meta) > MAX_INPUT_PIXELS) throw invalid(IMAGE_MESSAGES.tooLarge);
  try {
    const full = await input()
      .rotate() // applies the EXIF orientation, which is then dropped with the rest of the metadata
      .resize({ width: FULL_MAX_PX, height: FULL_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    // The thumbnail is made from the (small, clean) full encoding rather than decoding the upload twice.
    const thumb = await sharp(full.data)
      .resize({ width: THUMB_MAX_PX, height: THUMB_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer({ resolveWithObject: true });
    const hash = createHash('sha256').update(full.data).update(thumb.data).digest('base64url').slice(0, 22);
    return {
      mime: 'image/webp',
      full: { data: full.data, width: full.info.width, height: full.info.height },
      thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
      hash,
    };
  } catch (err) {
    return refused(err);
  }
}

/**
 * What an image declares it would take to decode: frames × width × height. sharp reports a GIF's or WebP's frame
 * count (`pages`) and one frame's size; libvips reads an animated PNG as its still image, so its frame count comes
 * from the `acTL` chunk, which the format places before the first image data.
 */
export function declaredPixels(bytes: Buffer, type: ImageType, meta: { width?: number; height?: number; pages?: number }): number {
  const frames = type === 'image/png' ? apngFrames(bytes) : Math.max(1, meta.pages ?? 1);
  return frames * (meta.width ?? 0) * (meta.height ?? 0);
}

/** The frame count of an animated PNG's `acTL` chunk; 1 for a still PNG (none before `IDAT`). */
export function apngFrames(png: Buffer): number {
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const kind = png.toString('latin1', at + 4, at + 8);
    if (kind === 'IDAT' || kind === 'IEND') break;
    if (kind === 'acTL' && length >= 8 && at + 12 <= png.length) return Math.max(1, png.readUInt32BE(at + 8));
    at += 12 + length;
  }
  return 1;
}

/** libvips' errors, in the words users see. */
function refused(err: unknown): never {
  if (/pixel limit/i.test((err as Error).message)) throw invalid(IMAGE_MESSAGES.tooLarge);
  throw invalid(IMAGE_MESSAGES.unreadable);
}

/** The strong entity tag of a comment's image or thumbnail (both come from one hash). */
export function etagOf(hash: string, thumbnail: boolean): string {
  return `"${hash}${thumbnail ? '-t' : ''}"`;
}

/**
 * The hashes an If-None-Match header names for this variant (weak tags compare as strong ones: the bytes of a
 * variant never change). `*` matches any stored image.
 */
export function hashesIn(ifNoneMatch: string, thumbnail: boolean): string[] | '*' {
  if (ifNoneMatch.trim() === '*') return '*';
  const out: string[] = [];
  for (const m of ifNoneMatch.matchAll(/(?:W\/)?"([A-Za-z0-9_-]{1,64})"/g)) {
    const tag = m[1]!;
    if (thumbnail === tag.endsWith('-t')) out.push(thumbnail ? tag.slice(0, -2) : tag);
  }
  return out.slice(0, 16);
}
