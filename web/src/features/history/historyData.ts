// Pure mapping from the API's history shapes to what the charts and their text alternatives show.
import type { AccuracyPoint, HistoryPoint } from './api';

export interface ChartOption {
  id: string;
  text: string;
}

/** Series for a time chart: x in seconds (uPlot's unit), one y array per option in option order (%, one decimal). */
export interface TimeSeries {
  xs: number[];
  ys: number[][];
}

const seconds = (iso: string) => Math.round(Date.parse(iso) / 1000);
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Each point's share per option (0 when an option has no row yet); points without a valid time are dropped. */
export function splitSeries(points: HistoryPoint[], options: ChartOption[]): TimeSeries {
  const valid = points.filter((p) => Number.isFinite(Date.parse(p.at)));
  return {
    xs: valid.map((p) => seconds(p.at)),
    ys: options.map((o) => valid.map((p) => oneDecimal(p.results.find((r) => r.optionId === o.id)?.percentage ?? 0))),
  };
}

/** Vertical marks on the time axis: publishing and, once resolved, the resolution. */
export function historyMarks(history: { publishedAt?: string | null; resolvedAt?: string | null }): { kind: 'published' | 'resolved'; x: number }[] {
  const marks: { kind: 'published' | 'resolved'; x: number }[] = [];
  if (history.publishedAt && Number.isFinite(Date.parse(history.publishedAt))) marks.push({ kind: 'published', x: seconds(history.publishedAt) });
  if (history.resolvedAt && Number.isFinite(Date.parse(history.resolvedAt))) marks.push({ kind: 'resolved', x: seconds(history.resolvedAt) });
  return marks;
}

/** The first and the latest share of each option: the text summary ("Yes: 40% → 55%"). */
export function splitChange(points: HistoryPoint[], options: ChartOption[]): { option: ChartOption; from: number; to: number }[] {
  // The first point is the moment of publishing, with no votes: the change is told from the first split.
  const first = points.find((p) => p.totalVotes > 0);
  const last = points[points.length - 1];
  if (!first || !last) return [];
  const share = (p: HistoryPoint, id: string) => Math.round(p.results.find((r) => r.optionId === id)?.percentage ?? 0);
  return options.map((option) => ({ option, from: share(first, option.id), to: share(last, option.id) }));
}

/**
 * Months as chart x values (seconds at the month's first day, UTC) with accuracy (%) and calibration (mean Brier
 * skill × 100, so both read on one axis); null leaves a gap where nothing resolved.
 */
export function accuracySeries(points: AccuracyPoint[]): { xs: number[]; accuracy: (number | null)[]; calibration: (number | null)[] } {
  return {
    xs: points.map((p) => seconds(`${p.month}-01T00:00:00Z`)),
    accuracy: points.map((p) => p.accuracy),
    calibration: points.map((p) => (p.calibration === null ? null : Math.round(p.calibration * 100))),
  };
}
