/**
 * `npm run check:size` (part of `make lint`): every source file git tracks stays under 300 lines, the size at which
 * a file has usually started doing two jobs (shared/STYLE.md). Generated code (`proto/src/gen`) is not tracked.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const MAX_LINES = 299;
const SOURCE = /\.(ts|tsx|css|js|mjs|cjs|sh)$/;

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter((f) => SOURCE.test(f) && existsSync(f));
const tooBig = files
  .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_LINES)
  .sort((a, b) => b.lines - a.lines);

if (tooBig.length > 0) {
  for (const { file, lines } of tooBig) console.error(`${file}: ${lines} lines (split it by job; the limit is ${MAX_LINES})`);
  process.exit(1);
}
console.log(`${files.length} source files, none over ${MAX_LINES} lines`);
