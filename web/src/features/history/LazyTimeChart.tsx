import { lazy, Suspense, type ComponentType } from 'react';
import { loadWithRetry } from '../offline/lazyScreen';
import type { TimeChartProps } from './TimeChart';

// The chart library in a chunk of its own, fetched when a chart first shows. Should it fail to load (a dropped
// connection), the chart is left out and the figures stay readable in the table next to it.
const Nothing: ComponentType<TimeChartProps> = () => null;
const TimeChart = lazy(
  (): Promise<{ default: ComponentType<TimeChartProps> }> =>
    loadWithRetry(() => import('./TimeChart')).then(
      (module) => module,
      () => ({ default: Nothing }),
    ),
);

/** The time chart, loaded on demand; its box keeps its height while loading, so nothing below it moves. */
export function LazyTimeChart(props: TimeChartProps) {
  const height = props.height ?? 180;
  return (
    <Suspense fallback={<div className="time-chart time-chart--loading" style={{ height }} />}>
      <TimeChart {...props} />
    </Suspense>
  );
}
