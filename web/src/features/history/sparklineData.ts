import type { Sparkline } from '@mzansi/api';

/** A feed card's sparkline point as the list response carries it: each option's share in option order. */
export type SparklinePoint = NonNullable<Sparkline>[number];

/**
 * One SVG path per option for a `width` × `height` box (0 % at the bottom, 100 % at the top), points evenly spaced
 * in time order. Fewer than two points make no line: nothing to draw.
 */
export function sparklinePaths(points: SparklinePoint[], optionCount: number, width: number, height: number): string[] {
  if (points.length < 2 || optionCount === 0) return [];
  const step = width / (points.length - 1);
  const y = (pct: number) => {
    const clamped = Math.min(Math.max(Number.isFinite(pct) ? pct : 0, 0), 100);
    return Math.round((height - 1 - (clamped / 100) * (height - 2)) * 100) / 100;
  };
  return Array.from({ length: optionCount }, (_, i) =>
    points.map((p, j) => `${j === 0 ? 'M' : 'L'}${Math.round(j * step * 100) / 100} ${y(p.percentages[i] ?? 0)}`).join(' '),
  );
}
