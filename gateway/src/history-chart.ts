// How the nation moved, drawn on the server: a question's history as SVG for its share page and its preview image.
// Pure (no express, no gRPC): points in, markup out, every text escaped.
import { escapeXml } from './share-card.js';

export interface ChartPoint {
  at: Date;
  /** Each option's share, 0–100, in the question's option order. */
  percentages: number[];
  totalVotes: number;
}

export interface ChartInput {
  /** The question, for the chart's accessible name. */
  question: string;
  options: { text: string }[];
  points: ChartPoint[];
  publishedAt: Date;
  resolvedAt: Date | null;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One colour per option, in order (the first two as the share card's bars). */
export const LINE_COLOURS = ['#007749', '#1F2937', '#B45309', '#1D4ED8', '#9D174D', '#4D7C0F'];

const fmt = (n: number) => String(Math.round(n * 10) / 10);

/**
 * One path per option through the points that have votes (a point with none has no share to draw: the lines start
 * at the first vote), with x the time from publication to the last point and y the share, 0 % at the bottom.
 */
export function optionPaths(input: ChartInput, box: Box): string[] {
  const start = input.publishedAt.getTime();
  const end = Math.max(start + 1, ...input.points.map((p) => p.at.getTime()));
  const x = (at: Date) => box.x + ((Math.min(end, Math.max(start, at.getTime())) - start) / (end - start)) * box.width;
  const y = (pct: number) => box.y + box.height - (Math.min(100, Math.max(0, pct)) / 100) * box.height;
  const voted = input.points.filter((p) => p.totalVotes > 0);
  return input.options.map((_, i) =>
    voted.map((p, j) => `${j === 0 ? 'M' : 'L'}${fmt(x(p.at))} ${fmt(y(p.percentages[i] ?? 0))}`).join(' '),
  );
}

/** The chart's accessible name: the question and the latest split ("… now: Yes 62%, No 38% of 1,234 votes"). */
export function chartTitle(input: ChartInput): string {
  const last = input.points.at(-1);
  if (!last || last.totalVotes === 0) return `How South Africa moved on “${input.question}”: no predictions yet`;
  const split = input.options.map((o, i) => `${o.text} ${Math.round(last.percentages[i] ?? 0)}%`).join(', ');
  const votes = `${last.totalVotes.toLocaleString('en-ZA')} ${last.totalVotes === 1 ? 'vote' : 'votes'}`;
  return `How South Africa moved on “${input.question}”${input.resolvedAt ? ', until it resolved' : ''}: ${split} of ${votes}`;
}

/**
 * The chart's marks inside `box`, for embedding (the share card): a 50 % guide, the lines, and the publish and
 * resolve marks (dashed verticals with their labels).
 */
export function chartElements(input: ChartInput, box: Box, fontSize = 14): string {
  const start = input.publishedAt.getTime();
  const end = Math.max(start + 1, ...input.points.map((p) => p.at.getTime()));
  const bottom = box.y + box.height;
  const mid = box.y + box.height / 2;
  const lines = optionPaths(input, box)
    .map((d, i) => (d ? `<path d="${d}" fill="none" stroke="${LINE_COLOURS[i % LINE_COLOURS.length]}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"/>` : ''))
    .join('');
  const mark = (xPos: number, label: string, anchor: 'start' | 'end') =>
    `<line x1="${fmt(xPos)}" y1="${box.y}" x2="${fmt(xPos)}" y2="${bottom}" stroke="#6B7280" stroke-width="1" stroke-dasharray="4 4"/>` +
    `<text x="${fmt(anchor === 'start' ? xPos + 4 : xPos - 4)}" y="${box.y + fontSize}" font-size="${fontSize}" fill="#374151" text-anchor="${anchor}">${escapeXml(label)}</text>`;
  const resolvedX = input.resolvedAt ? box.x + ((Math.min(end, input.resolvedAt.getTime()) - start) / (end - start)) * box.width : undefined;
  return [
    `<line x1="${box.x}" y1="${bottom}" x2="${box.x + box.width}" y2="${bottom}" stroke="#9CA3AF" stroke-width="1"/>`,
    `<line x1="${box.x}" y1="${fmt(mid)}" x2="${box.x + box.width}" y2="${fmt(mid)}" stroke="#E5E7EB" stroke-width="1"/>`,
    lines,
    mark(box.x, 'Published', 'start'),
    resolvedX === undefined ? '' : mark(resolvedX, 'Resolved', 'end'),
  ].join('');
}

/**
 * The chart as a standalone, accessible SVG (role img, named by its <title>, with a legend): the share page shows
 * it inline. `id` makes the title's id unique on the page.
 */
export function historyChartSvg(input: ChartInput, id: string, width = 640, height = 260): string {
  const titleId = `history-title-${escapeXml(id)}`;
  const legendY = height - 8;
  const legend = input.options
    .map((o, i) => {
      const x = 8 + i * Math.floor((width - 16) / Math.max(1, input.options.length));
      const colour = LINE_COLOURS[i % LINE_COLOURS.length];
      return `<rect x="${x}" y="${legendY - 10}" width="12" height="12" fill="${colour}"/><text x="${x + 18}" y="${legendY}" font-size="14" fill="#111827">${escapeXml(o.text)}</text>`;
    })
    .join('');
  const box = { x: 8, y: 8, width: width - 16, height: height - 48 };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${titleId}" width="100%" viewBox="0 0 ${width} ${height}" style="max-width:${width}px" font-family="system-ui, sans-serif">` +
    `<title id="${titleId}">${escapeXml(chartTitle(input))}</title>` +
    `<rect width="${width}" height="${height}" fill="#FFFFFF"/>` +
    chartElements(input, box) +
    legend +
    `</svg>`
  );
}
