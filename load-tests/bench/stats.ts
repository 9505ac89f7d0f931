/** Small statistics helpers for the bench. */
export function sorted(xs: number[]): number[] {
  return [...xs].sort((a, b) => a - b);
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = sorted(xs);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

export const median = (xs: number[]) => percentile(xs, 50);

/** A figure measured over repetitions: median and spread (min–max). */
export interface Figure {
  reps: number[];
  median: number;
  min: number;
  max: number;
}

export function figure(reps: number[]): Figure {
  const s = sorted(reps);
  return { reps, median: median(reps), min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN };
}

export function fmtNum(x: number, digits?: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  const d = digits ?? (Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : 2);
  return x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

export function fmtFig(f: Figure | undefined, unit = '', digits?: number): string {
  if (!f) return 'n/a';
  if (f.reps.length <= 1) return `${fmtNum(f.median, digits)}${unit}`;
  return `${fmtNum(f.median, digits)}${unit} [${fmtNum(f.min, digits)}–${fmtNum(f.max, digits)}]`;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
