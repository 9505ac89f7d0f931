// The one place uPlot is used: loaded on demand (React.lazy in HistoryChart and AccuracyChart), so the chart library
// is a chunk of its own that neither the landing nor the feed downloads.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './time-chart.css';

export interface TimeChartSeries {
  label: string;
  values: (number | null)[];
  /** A colour token: green, blue, gold or red (the bars' colours, lightened on the dark scheme). */
  color: string;
  dashed?: boolean;
}

export interface TimeChartMark {
  x: number;
}

export interface TimeChartProps {
  xs: number[];
  series: TimeChartSeries[];
  marks?: TimeChartMark[];
  /** The y axis range; values outside it are clipped. */
  yRange: [number, number];
  /** Formats an x (seconds) and a y for the axes. */
  formatX: (seconds: number) => string;
  formatY?: (value: number) => string;
  /** The x range and ticks, when the data's own would not do (a single month would span years). */
  xRange?: [number, number];
  xTicks?: number[];
  height?: number;
}

const CSS_VAR: Record<string, string> = {
  green: '--green-text',
  blue: '--blue-text',
  gold: '--gold-dark',
  red: '--red-text',
  muted: '--muted',
  border: '--border',
  text: '--text',
};

function cssColour(el: Element, token: string): string {
  const name = CSS_VAR[token] ?? token;
  return getComputedStyle(el).getPropertyValue(name).trim() || '#888';
}

const DARK = '(prefers-color-scheme: dark)';

/** 'dark' or 'light', following the device (the canvas takes its colours from the CSS variables when built). */
function useColourScheme(): string {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(DARK);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => (window.matchMedia?.(DARK).matches ? 'dark' : 'light'),
    () => 'light',
  );
}

/** Draws the vertical marks (publishing, resolution) as dashed lines; the legend under the chart names them. */
function marksPlugin(marks: TimeChartMark[], colour: () => string): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const ctx = u.ctx;
        const { top, height, left, width } = u.bbox;
        ctx.save();
        ctx.strokeStyle = colour();
        ctx.lineWidth = uPlot.pxRatio;
        ctx.setLineDash([4 * uPlot.pxRatio, 3 * uPlot.pxRatio]);
        for (const mark of marks) {
          const x = Math.round(u.valToPos(mark.x, 'x', true));
          if (x < left - 1 || x > left + width + 1) continue;
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, top + height);
          ctx.stroke();
        }
        ctx.restore();
      },
    },
  };
}

/** A small line chart over time that fits its container's width (it follows resizes) and the colour scheme. */
export default function TimeChart({ xs, series, marks = [], yRange, formatX, formatY = (v) => `${v}%`, xRange, xTicks, height = 180 }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef({ xs, series });
  latest.current = { xs, series };

  const scheme = useColourScheme();
  // The chart is built when its shape changes (series, marks, labels, the colour scheme); new figures only replace
  // its data, so a live point does not rebuild it.
  const shape = JSON.stringify([series.map((s) => [s.label, s.color, s.dashed]), marks, yRange, xRange, xTicks, height, scheme]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const colour = (token: string) => cssColour(el, token);
    const axis = (): uPlot.Axis => ({
      stroke: colour('muted'),
      grid: { stroke: colour('border'), width: 1 },
      ticks: { stroke: colour('border'), width: 1 },
      font: '11px system-ui, sans-serif',
    });
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 6 } },
      scales: { x: { time: true, ...(xRange && { range: xRange }) }, y: { range: yRange } },
      axes: [
        { ...axis(), values: (_u, splits) => splits.map((s) => formatX(s)), space: 60, ...(xTicks && { splits: () => xTicks }) },
        { ...axis(), size: 46, values: (_u, splits) => splits.map((s) => formatY(s)) },
      ],
      series: [
        {},
        ...latest.current.series.map((s) => ({
          label: s.label,
          stroke: colour(s.color),
          width: 2,
          spanGaps: false,
          ...(s.dashed && { dash: [6, 4] }),
          points: { show: latest.current.xs.length < 3 },
        })),
      ],
      plugins: [marksPlugin(marks, () => colour('text'))],
    };
    const u = new uPlot(opts, [latest.current.xs, ...latest.current.series.map((s) => s.values)] as uPlot.AlignedData, el);
    chart.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: Math.max(el.clientWidth, 200), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      chart.current = null;
    };
  }, [shape]);

  useEffect(() => {
    chart.current?.setData([xs, ...series.map((s) => s.values)] as uPlot.AlignedData);
  }, [xs, series]);

  return <div ref={box} className="time-chart" style={{ height }} aria-hidden="true" />;
}
