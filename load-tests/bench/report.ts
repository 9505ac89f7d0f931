/** The bench's one table: rows against targets, CPU per request, notes, and the verdict; written to results/<date>.md. */
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtNum } from './stats.ts';

const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

export interface Row {
  metric: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  /** null: information only. */
  ok: boolean | null;
}

export class Report {
  readonly rows: Row[] = [];
  /** CPU ms per request by process (load-independent cost; the basis of the capacity plan). */
  readonly cpuPer: Record<string, number> = {};
  readonly notes: string[] = [];
  /** One line per vote phase: were the totals exact. */
  readonly exact: string[] = [];

  row(metric: string, value: string, baseline: string, ratio: number | string, target: string, ok: boolean | null): void {
    this.rows.push({ metric, value, baseline, ratio: typeof ratio === 'number' ? (Number.isFinite(ratio) ? `${fmtNum(ratio, 2)}×` : 'n/a') : ratio, target, ok });
  }

  /**
   * The verdict first among the notes: every target met, or each miss named with its figure; for the vote rate,
   * the CPU arithmetic that bounds it (at the 2-core ceiling a closed loop's rate is the inverse of the machine's
   * CPU per request).
   */
  verdict(): void {
    const missed = this.rows.filter((r) => r.ok === false);
    this.notes.unshift(missed.length ? `MISSED ${missed.length}: ${missed.map((r) => `${r.metric}: ${r.value} (${r.ratio}, target ${r.target})`).join('; ')}` : 'Every target met.');
    const { voteMachineExclLoadgen: vote, echoMachineExclLoadgen: echo } = this.cpuPer;
    if (missed.some((r) => r.metric.startsWith('Votes sustained')) && vote && echo) {
      this.notes.splice(
        1,
        0,
        `Why the vote rate misses: with both loops at the CPU ceiling, a vote costs the machine ${fmtNum(vote, 2)} ms (load generator excluded) against the echo's ${fmtNum(echo, 2)} ms ` +
          `(${fmtNum(vote / echo, 1)}×), so 0.5× would need ≤ ${fmtNum(2 * echo, 2)} ms per vote for a session read from Redis, an actor token, a PostgreSQL insert with its outbox row and ` +
          `a JetStream publish; the gateway alone spends ${fmtNum(this.cpuPer.voteGateway ?? 0, 2)} ms and voting ${fmtNum(this.cpuPer.voteVoting ?? 0, 2)} ms. Per middleware and call: \`make bench-profile\` (README, capacity plan).`,
      );
    }
  }

  table(): string {
    const header = `| Metric | Measured: median [min–max] | Same-run baseline | Ratio | Target | |\n|---|---|---|---|---|---|`;
    return [header, ...this.rows.map((r) => `| ${r.metric} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.ok === null ? '' : r.ok ? 'PASS' : 'MISS'} |`)].join('\n');
  }

  /** Prints the table and `meta` (+ the notes), appends them to today's results file as one section; returns its path. */
  write(meta: string[]): string {
    const lines = [...meta, `Vote totals: ${this.exact.join('; ')}`, `CPU ms per request: ${Object.entries(this.cpuPer).map(([k, v]) => `${k} ${fmtNum(v, 3)}`).join(', ')}`, ...this.notes.map((n) => `Note: ${n}`)];
    const table = this.table();
    console.log(table);
    console.log('');
    for (const m of lines) console.log(m);
    mkdirSync(RESULTS, { recursive: true });
    const day = new Date().toISOString().slice(0, 10);
    const file = path.join(RESULTS, `${day}.md`);
    // One file per day; every run of the day is appended as its own section.
    const section = `## Run ${new Date().toISOString()}\n\n${table}\n\n${lines.map((m) => `- ${m}`).join('\n')}\n`;
    if (existsSync(file)) appendFileSync(file, `\n${section}`);
    else writeFileSync(file, `# Publish-burst bench results, ${day}\n\nWritten by \`make bench\` (load-tests/README.md).\n\n${section}`);
    return file;
  }
}
