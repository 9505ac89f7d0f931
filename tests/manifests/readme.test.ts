// The docs check: the README stays a ten-minute read, comments say why the code is as it is (which issue or benchmark
// run changed it belongs in the commit message), and the gateway does not reach into libraries' private fields.
// Each check lists every offending file:line, so one run shows the whole of what is left to fix.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './render.js';

const README_MAX_BYTES = 20_480;

/** Where source comments are checked; docs/ and the benchmark results are prose about history and may name runs. */
const SOURCE_ROOTS = ['gateway', 'web', 'services', 'proto', 'scripts', 'tests', 'charts', 'k8s', 'load-tests', '.ci'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'gen', 'test-results', '.tools', '.dev', 'docs']);
const SKIP_PATHS = [/^load-tests\/results\//];

/**
 * A comment that narrates work instead of saying why: an issue by its number (with or without a hash, alone or in a
 * list), a bare hash-number in parentheses or as a possessive, a numbered benchmark run (not "runs 2 replicas").
 */
const NARRATION = [/\bissues? #?\d+/i, /\(#\d+\)/, /#\d+['’]s\b/, /\bruns? #?\d+(?:[–-]\d+)?\b(?! *(?:×|x\b|m?s\b|min\b|seconds?|minutes?|hours?|times|replicas?|gateways?|nodes?|workers?|pods?|processes|servers?|copies|votes?|users?|sockets?|requests?|tests?|files?|phases?))/i];

function walk(rel: string, out: string[]): void {
  const abs = path.join(ROOT, rel);
  let entries;
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) walk(child, out);
    } else if (!SKIP_PATHS.some((p) => p.test(child))) out.push(child);
  }
}

function sourceFiles(): string[] {
  const files: string[] = ['Makefile'];
  for (const r of SOURCE_ROOTS) walk(r, files);
  return files.filter((f) => statSync(path.join(ROOT, f)).isFile());
}

/** 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Every comment of a TypeScript file (the parser's own comment ranges, so strings and test titles are not comments). */
function tsComments(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, string>();
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    // `{/* … */}` in JSX: the comment is all the expression holds, after its opening brace.
    if (ts.isJsxExpression(node)) take(ts.getLeadingCommentRanges(text, node.getStart(sf) + 1));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  take(ts.getLeadingCommentRanges(text, sf.endOfFileToken.pos));
  return [...seen].map(([pos, t]) => ({ line: lineAt(text, pos), text: t }));
}

/** `/* … *\/` comments of a CSS file. */
function cssComments(text: string): { line: number; text: string }[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ line: lineAt(text, m.index ?? 0), text: m[0] }));
}

/** `#` comments of YAML, shell and Makefiles: from a `#` at the start of a line or after white space. */
function hashComments(text: string): { line: number; text: string }[] {
  return text.split('\n').flatMap((l, i) => {
    const m = /(?:^|\s)#(?!!)(.*)$/.exec(l);
    return m ? [{ line: i + 1, text: m[1]! }] : [];
  });
}

function commentsOf(file: string, text: string): { line: number; text: string }[] | undefined {
  if (/\.(ts|tsx|mts|cts)$/.test(file) && !file.endsWith('.d.ts')) return tsComments(file, text);
  if (file.endsWith('.css')) return cssComments(text);
  if (/\.(ya?ml|sh|tpl|cfg|env)$/.test(file) || /(^|\/)Makefile$/.test(file) || file === '.ci/run') return hashComments(text);
  return undefined;
}

describe('the docs check', () => {
  it(`README.md is a ten-minute read: at most ${README_MAX_BYTES} bytes, the rest in docs/`, () => {
    const bytes = statSync(path.join(ROOT, 'README.md')).size;
    expect(bytes, `README.md is ${bytes} bytes`).toBeLessThanOrEqual(README_MAX_BYTES);
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const [, link] of readme.matchAll(/\]\((docs\/[^)#]+)/g)) expect(statSync(path.join(ROOT, link!)).isFile(), link).toBe(true);
  });

  it('no source comment names an issue or a benchmark run (they say why; the commit message says which work)', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const c of commentsOf(file, text) ?? []) {
        c.text.split('\n').forEach((l, i) => {
          const hit = NARRATION.map((p) => p.exec(l)).find(Boolean);
          if (hit) offenders.push(`${file}:${c.line + i}: ${hit[0]} — ${l.trim().slice(0, 120)}`);
        });
      }
    }
    expect(offenders, `${offenders.length} comments narrate an issue or a run:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('the gateway reaches into no library internals (`_sender`, `_socket`)', () => {
    const files: string[] = [];
    walk('gateway/src', files);
    const offenders = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((l, i) => (/\b_(sender|socket)\b/.test(l) ? [`${file}:${i + 1}: ${l.trim().slice(0, 120)}`] : [])),
    );
    expect(offenders, `gateway/src uses private fields:\n${offenders.join('\n')}`).toEqual([]);
  });
});
