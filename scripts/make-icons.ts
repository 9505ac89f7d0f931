// Renders the web app's install icons (web/public/icons/) from the favicon's mark with sharp; the PNGs are committed,
// run again only when the mark changes: `npx tsx scripts/make-icons.ts`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../web/public/icons/', import.meta.url));
const MARK = '<path d="M14 46V18l18 16 18-16v28" fill="none" stroke="#FFB81C" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>';

/** `any` icons: the rounded tile as in the favicon. Maskable: a full-bleed square, the mark inside the 80% safe zone. */
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#007749"/>${MARK}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#007749"/><g transform="translate(9.6 9.6) scale(0.7)">${MARK}</g></svg>`;

mkdirSync(out, { recursive: true });
const render = (svg: string, size: number, name: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
await Promise.all([
  render(any, 192, 'icon-192.png'),
  render(any, 512, 'icon-512.png'),
  render(maskable, 192, 'maskable-192.png'),
  render(maskable, 512, 'maskable-512.png'),
]);
console.log(`icons written to ${out}`);
