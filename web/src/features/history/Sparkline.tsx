import { barColor } from '../../entities/question/results';
import { useT } from '../../i18n';
import { sparklinePaths, type SparklinePoint } from './sparklineData';
import './history.css';

const W = 100;
const H = 28;

/**
 * A feed card's small chart of how the split moved: the list response carries at most 24 points per question (no
 * request per card), drawn as one line per option in the bars' colours.
 */
export function Sparkline({ points, options }: { points: SparklinePoint[] | null | undefined; options: { id: string; text: string }[] }) {
  const t = useT();
  const lines = sparklinePaths(points ?? [], options.length, W, H);
  if (!points || lines.length === 0) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const changes = options
    .map((o, i) => t('results.historyChange', { option: o.text, from: Math.round(first.percentages[i] ?? 0), to: Math.round(last.percentages[i] ?? 0) }))
    .join(' · ');
  return (
    <svg className="sparkline" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={t('feed.sparkline', { changes })}>
      {lines.map((d, i) => (
        <path key={options[i]?.id ?? i} d={d} className={`sparkline__line sparkline__line--${barColor(i, options[i]?.id)}`} />
      ))}
    </svg>
  );
}
