// The list of result bars of a question (feed card, friends' feed, research archive): one row per option, its
// label, a "correct" mark on a resolved question's right option, the rounded percentage and a coloured bar.
import { barColor, formatPercentRounded, type OptionResult } from './results';

export function ResultBars({ rows, label, correctLabel }: { rows: OptionResult[]; label: string; correctLabel: string }) {
  return (
    <ul className="bar-list" aria-label={label}>
      {rows.map((r, i) => (
        <li key={r.optionId} className="bar-row">
          <div className="bar-row__top">
            <span className="bar-row__label">
              {r.text}
              {r.isCorrect && <span className="bar-row__correct"> {correctLabel}</span>}
            </span>
            <strong className="bar-row__pct">{formatPercentRounded(r.percentage)}</strong>
          </div>
          <div className="bar" aria-hidden="true">
            <div className={`bar__fill bar__fill--${barColor(i, r.optionId)}`} style={{ width: `${r.percentage}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
