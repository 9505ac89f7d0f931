/**
 * The history read-cost row of `make bench` on its own (the full bench takes long): the same phase
 * (load-tests/bench/phases/history-cost.ts, which says how it seeds and measures) and the same row and verdict, printed.
 *
 *   npx tsx scripts/bench-history.ts        (BENCH_HISTORY_ANSWERS, default 1000000; BENCH_HISTORY_RUNS, default 3)
 */
import { measureHistoryCost } from '../load-tests/bench/phases/history-cost.ts';
import { Report } from '../load-tests/bench/report.ts';
import { tabulateHistory } from '../load-tests/bench/tabulate.ts';

const report = new Report();
tabulateHistory(report, await measureHistoryCost());
report.verdict();
console.log(`${report.table()}\n`);
for (const note of report.notes) console.log(`- ${note}`);
console.log(`- Node ${process.version}, ${new Date().toISOString()}`);
process.exitCode = report.rows.some((r) => r.ok === false) ? 1 : 0;
