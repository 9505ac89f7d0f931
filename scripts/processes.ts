/**
 * The child processes of scripts/stack.ts and scripts/cluster.ts: launching `node dist/main.js` (or its source under
 * `tsx watch`, `make dev`) with its output
 * prefixed or in a log file, waiting until it answers over HTTP, stopping it; and running a command to completion.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where child output goes: 'inherit' (prefixed to stdout) or a folder for log files. */
export type LogTarget = 'inherit' | string;

/** How a process is launched (the stack's options of the same names). */
export interface LaunchOptions {
  /** Source-mapped stack traces (`--enable-source-maps`), default on. */
  sourceMaps?: boolean;
  /** Extra node flags, by process name. */
  nodeArgs?: Partial<Record<string, string[]>>;
  /** Run the source under `tsx watch` instead of the build output. */
  watch?: boolean;
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command to its end; its exit code and its output (stdout and stderr together). */
export function run(cmd: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (code) => resolve({ code, out }));
  });
}

export class ExitedBeforeReady extends Error {
  constructor(
    readonly processName: string,
    readonly url: string,
    readonly code: number | null,
    readonly logTail: string,
  ) {
    super(`${processName} exited (${code}) before ${url} answered${logTail ? `; the end of its log:\n${logTail}` : ''}`);
  }
  /** Another process took the port between the probe and the bind: worth one more launch on fresh ports. */
  get portTaken(): boolean {
    return /EADDRINUSE|address already in use/i.test(this.logTail);
  }
}

function logTail(file: string | undefined, lines = 25): string {
  if (!file) return '';
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export async function waitForHttp(name: string, url: string, timeoutMs: number, proc: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      // Give the log stream a moment to flush what the child printed as it died.
      await new Promise((r) => setTimeout(r, 100));
      throw new ExitedBeforeReady(name, url, proc.exitCode, logTail(logFiles.get(proc)));
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name}: ${url} did not become ready within ${timeoutMs} ms`);
}

/** Each child's log file, when logs go to files (tests). */
const logFiles = new WeakMap<ChildProcess, string>();

/** A child's output: prefixed with its name on this process's stdout/stderr ('inherit'), or into `<logs>/<name>.log`. */
export function pipeLogs(name: string, child: ChildProcess, logs: LogTarget | undefined): void {
  if (logs === 'inherit' || logs === undefined) {
    const prefix = `${name.padEnd(9)}| `;
    const pipe = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let buf = '';
      stream.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        let i: number;
        while ((i = buf.indexOf('\n')) >= 0) {
          out.write(prefix + buf.slice(0, i) + '\n');
          buf = buf.slice(i + 1);
        }
      });
    };
    pipe(child.stdout!, process.stdout);
    pipe(child.stderr!, process.stderr);
  } else {
    mkdirSync(logs, { recursive: true });
    const logFile = path.join(logs, `${name}.log`);
    logFiles.set(child, logFile);
    const file = createWriteStream(logFile, { flags: 'a' });
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  }
}

/** tsx's command line, run by this node (`tsx watch <script>`). */
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');

/** A process's entry: its build output, or its source under `tsx watch` (opts.watch). */
export function entry(folder: string, watch: boolean | undefined): string {
  return watch ? path.join(ROOT, folder, 'src', 'main.ts') : path.join(ROOT, folder, 'dist', 'main.js');
}

export function launch(name: string, script: string, env: NodeJS.ProcessEnv, logs: LogTarget | undefined, opts: LaunchOptions = {}): ChildProcess {
  const flags = [...(opts.sourceMaps === false ? [] : ['--enable-source-maps']), ...(opts.nodeArgs?.[name] ?? [])];
  const run = opts.watch ? [TSX_CLI, 'watch', '--clear-screen=false', script] : [script];
  const child = spawn(process.execPath, [...flags, ...run], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeLogs(name, child, logs);
  return child;
}

export function stopChild(child: ChildProcess, timeoutMs = 8_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
