/**
 * `make bench-ab`: two checkouts of the repository benchmarked against each other on this machine, in interleaved
 * runs. Each run is a whole `make bench` (run.ts) from that checkout, with its own code, its own stack and its own
 * same-run baselines; figures are compared as ratios to those baselines, because the machine itself moves between
 * runs (the express→gRPC echo alone has measured anywhere from 1,205 to 2,967/s). Per checkout the median ratio over
 * its runs is taken; the verdict is new ÷ base for each:
 *   - votes/s (closed loop) ÷ the express→gRPC echo's rate;
 *   - gateway CPU per vote ÷ the echo's CPU per request (lower is better);
 *   - GET public-results and GET questions/public req/s ÷ bare express JSON alongside;
 *   - new-question to the last socket ÷ a bare ws broadcast to as many sockets (lower is better).
 * A figure holds when it is within AB_TOLERANCE (10 %) of the base's, or better.
 *
 *   AB_BASE=/work/wt-base AB_NEW=. AB_RUNS=5 npx tsx load-tests/bench/ab.ts
 *
 * Knobs (env): AB_BASE (required: the base checkout, built: `npm ci && npm run build` there), AB_NEW (this
 * checkout), AB_RUNS (5 per checkout), AB_TOLERANCE (0.10), AB_QUICK=1 (a smoke run: few sockets, short phases;
 * checks the script, proves nothing). Every BENCH_* knob of run.ts passes through; BENCH_WEB is 0 (no browser) and
 * BENCH_HISTORY is 0 (none of the compared figures comes from the history phase, and it seeds a million answers).
 * Runs go base, new, new, base, base, new, … so neither side always runs first. Writes
 * load-tests/results/<date>-ab.md (in AB_NEW).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { log } from './config.ts';
import { loadAvg } from './procs.ts';
import { fmtNum, median } from './stats.ts';

const env = process.env;
const base = path.resolve(env.AB_BASE ?? '');
const next = path.resolve(env.AB_NEW ?? '.');
const runs = Math.max(1, Number(env.AB_RUNS ?? 5));
const tolerance = Number(env.AB_TOLERANCE ?? 0.1);
const QUICK = {
  BENCH_WS_CLIENTS: '300',
  BENCH_VOTE_RATE: '100',
  BENCH_VOTE_SECONDS: '2',
  BENCH_KNEE_RATES: '150',
  BENCH_REPS: '3',
  BENCH_REP_SECONDS: '1',
  BENCH_READCOST_ANSWERS: '2000',
};

/** One run's figures, each a ratio to that run's own baseline. */
export interface RunRatios {
  votes: number;
  cpuPerVote: number;
  publicResults: number;
  publicList: number;
  fanout: number;
}

type Figure = keyof RunRatios;
const FIGURES: { key: Figure; label: string; higherIsBetter: boolean }[] = [
  { key: 'votes', label: 'votes/s ÷ echo req/s', higherIsBetter: true },
  { key: 'cpuPerVote', label: 'gateway CPU per vote ÷ echo CPU per request', higherIsBetter: false },
  { key: 'publicResults', label: 'GET public-results req/s ÷ express JSON', higherIsBetter: true },
  { key: 'publicList', label: 'GET questions/public req/s ÷ express JSON', higherIsBetter: true },
  { key: 'fanout', label: 'new-question → last socket ÷ bare ws broadcast', higherIsBetter: false },
];

const numberIn = (text: string | undefined) => Number((/-?[\d,]*\.?\d+/.exec(text ?? '')?.[0] ?? 'NaN').replace(/,/g, ''));

/** The ratios of the last run in a results file written by run.ts (its markdown table). */
export function ratiosOf(markdown: string): RunRatios {
  const run = markdown.slice(markdown.lastIndexOf('\n## Run '));
  const rows = run.split('\n').filter((l) => l.startsWith('| ')).map((l) => l.split(' | ').map((c) => c.replace(/^\| ?| ?\|$/g, '').trim()));
  const row = (start: string) => {
    const r = rows.find((cells) => cells[0]!.startsWith(start));
    if (!r) throw new Error(`no row "${start}" in the run's table`);
    return r;
  };
  const votes = row('Votes sustained (POST /api/answers');
  const cpu = row('Gateway CPU per vote (ms)');
  const echoCpu = numberIn(/echo \(express \+ gRPC server\) ([\d.]+)/.exec(cpu[2]!)?.[1]);
  return {
    votes: numberIn(votes[1]) / numberIn(/echo ([\d,.]+)/.exec(votes[2]!)?.[1]),
    cpuPerVote: numberIn(cpu[1]) / echoCpu,
    publicResults: numberIn(row('GET /api/questions/{id}/public-results')[3]),
    publicList: numberIn(row('GET /api/questions/public')[3]),
    fanout: numberIn(row('new-question → last of')[3]),
  };
}

/** Runs run.ts in a checkout; resolves with the results file it wrote. */
function benchOnce(checkout: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'load-tests/bench/run.ts'], {
      cwd: checkout,
      env: { ...env, ...(env.AB_QUICK === '1' ? QUICK : {}), BENCH_WEB: '0', BENCH_LIGHTHOUSE: '0', BENCH_HISTORY: '0' },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let tail = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      tail = (tail + chunk.toString()).slice(-4096);
    });
    child.on('exit', (code) => {
      const written = /written (\S+\.md)/.exec(tail)?.[1];
      if (code === 0 && written) resolve(path.resolve(checkout, written));
      else reject(new Error(`bench in ${checkout} exited ${code}`));
    });
  });
}

async function main() {
  if (!env.AB_BASE || !existsSync(path.join(base, 'load-tests/bench/run.ts'))) throw new Error('AB_BASE must name a built checkout of the repository');
  const started = new Date();
  const loadStart = loadAvg();
  const sides = { base: [] as RunRatios[], new: [] as RunRatios[] };
  for (let i = 0; i < runs; i++) {
    const order: ('base' | 'new')[] = i % 2 === 0 ? ['base', 'new'] : ['new', 'base'];
    for (const side of order) {
      log(`A/B run ${i + 1}/${runs}: ${side}`);
      const file = await benchOnce(side === 'base' ? base : next);
      const ratios = ratiosOf(readFileSync(file, 'utf8'));
      log(side, ratios);
      sides[side].push(ratios);
    }
  }
  const lines = [
    `## A/B ${started.toISOString()}`,
    '',
    `Base ${base}, new ${next}; ${runs} interleaved runs each${env.AB_QUICK === '1' ? ' (AB_QUICK: a smoke run, not a measurement)' : ''}; load average at start ${loadStart}, at end ${loadAvg()}.`,
    '',
    '| Figure (ratio to the run\u2019s own baseline) | Base: median [runs] | New: median [runs] | New ÷ base | Holds (±' + tolerance * 100 + ' %) |',
    '|---|---|---|---|---|',
  ];
  let missed = 0;
  for (const f of FIGURES) {
    const b = sides.base.map((r) => r[f.key]);
    const n = sides.new.map((r) => r[f.key]);
    const change = median(n) / median(b);
    const holds = f.higherIsBetter ? change >= 1 - tolerance : change <= 1 + tolerance;
    if (!holds) missed++;
    const list = (xs: number[]) => `${fmtNum(median(xs), 3)} [${xs.map((x) => fmtNum(x, 3)).join(', ')}]`;
    lines.push(`| ${f.label} | ${list(b)} | ${list(n)} | ${fmtNum(change, 3)} | ${holds ? 'yes' : 'NO'} |`);
  }
  lines.push('', missed ? `- ${missed} figure(s) outside the tolerance.` : '- Every figure within the tolerance.', '');
  const text = lines.join('\n');
  console.log(`\n${text}`);
  const dir = path.join(next, 'load-tests/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${started.toISOString().slice(0, 10)}-ab.md`);
  appendFileSync(file, `${existsSync(file) ? '\n' : '# A/B bench results\n\nWritten by `make bench-ab` (load-tests/bench/ab.ts).\n\n'}${text}`);
  log(`written ${path.relative(process.cwd(), file)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
