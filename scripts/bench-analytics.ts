/**
 * The admin analytics rows of `make bench` on their own (the full bench takes long): the same phase
 * (load-tests/bench/phases/analytics-cost.ts, which says how it seeds and measures) and the same rows and verdict, printed.
 *
 *   npx tsx scripts/bench-analytics.ts      (BENCH_ANALYTICS_ANSWERS, default 1000000; BENCH_ANALYTICS_RUNS, default 3)
 */
import { measureAnalyticsCost } from '../load-tests/bench/phases/analytics-cost.ts';
import { Report } from '../load-tests/bench/report.ts';
import { tabulateAnalytics } from '../load-tests/bench/tabulate.ts';

const report = new Report();
tabulateAnalytics(report, await measureAnalyticsCost());
report.verdict();
console.log(`${report.table()}\n`);
for (const note of report.notes) console.log(`- ${note}`);
console.log(`- Node ${process.version}, ${new Date().toISOString()}`);
process.exitCode = report.rows.some((r) => r.ok === false) ? 1 : 0;
