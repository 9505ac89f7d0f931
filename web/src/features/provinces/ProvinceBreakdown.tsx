import { useId } from 'react';
import type { ProvinceResult } from './provinces';
import { useT, type MessageKey } from '../../i18n';
import { formatCount } from '../../i18n/format';
import './provinces.css';

/**
 * Results by province: one row per province with a bar for the first option's share; a province the API withholds
 * (fewer than 30 answers, or hidden so that no small group can be worked out from the others) carries no number
 * and shows "Not enough predictions yet" instead of a split. `folded`: a disclosure, closed until opened (a list
 * of cards stays short on a phone; <details> is keyboard- and screen-reader-operable as it is, and opens for find-in-page).
 */
export function ProvinceBreakdown({
  provinces,
  options,
  folded = false,
}: {
  provinces: ProvinceResult[] | null | undefined;
  options: { id: string; text: string }[];
  folded?: boolean;
}) {
  const headingId = useId();
  const t = useT();
  if (!provinces || provinces.length === 0 || options.length === 0) return null;
  const first = options[0]!;
  const second = options[1];
  const list = (
    <ul className="prov__list">
      {provinces.map((p) => {
        const share = p.results.find((r) => r.optionId === first.id)?.percentage ?? 0;
        const name = t(`prov.${p.code}` as MessageKey);
        return (
          <li key={p.code} className="prov__row">
            <span className="prov__name">{name}</span>
            {p.shown && p.totalVotes !== null ? (
              <>
                <span className="prov__figures">
                  {first.text} {Math.round(share)}%{second ? ` · ${second.text} ${Math.round(100 - share)}%` : ''} · {formatCount(p.totalVotes)}
                </span>
                <span
                  className="prov__bar"
                  role="img"
                  aria-label={`${name}: ${first.text} ${Math.round(share)}%`}
                >
                  <span className="prov__fill" style={{ width: `${share}%` }} />
                </span>
              </>
            ) : (
              <span className="prov__none">{t('prov.notEnough')}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
  if (folded) {
    return (
      <details className="prov prov--folded">
        <summary className="prov__title prov__summary">{t('prov.title')}</summary>
        {list}
      </details>
    );
  }
  return (
    <section className="prov" aria-labelledby={headingId}>
      {/* h3: it sits under the card's h2 ("National Results"); an h4 skipped a level (Lighthouse heading-order). */}
      <h3 className="prov__title" id={headingId}>
        {t('prov.title')}
      </h3>
      {list}
    </section>
  );
}
