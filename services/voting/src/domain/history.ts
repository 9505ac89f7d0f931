import { percentageOf } from './results.js';

/** Most points a history read returns, and a feed card's sparkline. */
export const MAX_HISTORY_POINTS = 200;
export const SPARKLINE_POINTS = 24;

/** Cumulative counts by option id at a moment. */
export interface Snapshot {
  at: Date;
  counts: Record<string, number>;
}

export interface HistoryPoint {
  at: Date;
  counts: { optionId: string; count: number; percentage: number }[];
  total: number;
}

/**
 * At most `max` items of a time-ordered list, spread evenly over it: with room for two or more the first and the
 * last are always kept (with room for one, the last); the order is kept, so times never go backwards.
 */
export function downsample<T>(items: readonly T[], max: number): T[] {
  const limit = Math.max(0, Math.floor(max));
  if (items.length <= limit) return [...items];
  if (limit <= 1) return limit === 1 ? [items[items.length - 1]!] : [];
  const picked: T[] = [];
  for (let i = 0; i < limit; i++) picked.push(items[Math.round((i * (items.length - 1)) / (limit - 1))]!);
  return picked;
}

/** A point: every option in the question's order (0 when absent) with its share of their total. */
export function pointOf(at: Date, options: readonly { id: string }[], counts: Record<string, number> | ReadonlyMap<string, number>): HistoryPoint {
  const get = (id: string) => Number((counts instanceof Map ? counts.get(id) : (counts as Record<string, number>)[id]) ?? 0);
  const total = options.reduce((n, o) => n + get(o.id), 0);
  return { at, total, counts: options.map((o) => ({ optionId: o.id, count: get(o.id), percentage: percentageOf(get(o.id), total) })) };
}

/**
 * A question's history as read: the first point (published, nothing counted), the stored snapshots strictly between
 * then and the latest (downsampled to leave room for both ends), and the latest (`endAt`: now, or when it resolved)
 * from the exact counters. At most `max` points (clamped to 2–MAX_HISTORY_POINTS), `at` never decreasing.
 */
export function historyOf(
  options: readonly { id: string }[],
  publishedAt: Date,
  endAt: Date,
  snapshots: readonly Snapshot[],
  current: ReadonlyMap<string, number>,
  max: number,
): HistoryPoint[] {
  const limit = Math.min(MAX_HISTORY_POINTS, Math.max(2, Math.floor(max) || 2));
  const end = endAt < publishedAt ? publishedAt : endAt;
  const between = [...snapshots]
    .filter((s) => s.at > publishedAt && s.at < end)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const middle = downsample(between, limit - 2);
  return [pointOf(publishedAt, options, {}), ...middle.map((s) => pointOf(s.at, options, s.counts)), pointOf(end, options, current)];
}

/** The time bucket a snapshot taken at `at` belongs to (bucketMs wide, aligned to the epoch). */
export function bucketOf(at: Date, bucketMs: number): Date {
  return new Date(Math.floor(at.getTime() / bucketMs) * bucketMs);
}
