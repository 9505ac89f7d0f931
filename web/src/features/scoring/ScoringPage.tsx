import { Card, CardContent, CardTitle } from '../../ui';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useT } from '../../i18n';
import './scoring.css';

/**
 * /scoring, "How scoring works": the boards, the Brier formula, the shrinkage and a worked example.
 * The same numbers as services/voting/src/domain/calibration.ts (its tests check them).
 */
export function ScoringPage() {
  const t = useT();
  return (
    <div className="scoring stack">
      <ScreenHeader title={t('scoring.title')} subtitle={t('scoring.subtitle')} />
      <Card>
        <CardContent>
          <CardTitle>{t('scoring.boardsTitle')}</CardTitle>
          <p>{t('scoring.boardsText')}</p>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <CardTitle>{t('scoring.confidenceTitle')}</CardTitle>
          <p>{t('scoring.confidenceText')}</p>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <CardTitle>{t('scoring.calibTitle')}</CardTitle>
          <p>{t('scoring.calibText')}</p>
          <dl className="scoring__formulas">
            <div>
              <dt>{t('scoring.brier')}</dt>
              <dd>
                <code>B = (p − y)²</code> {t('scoring.brierText')}
              </dd>
            </div>
            <div>
              <dt>{t('scoring.skill')}</dt>
              <dd>
                <code>S = 1 − 4 × (p − y)²</code> {t('scoring.skillText')}
              </dd>
            </div>
            <div>
              <dt>{t('scoring.yours')}</dt>
              <dd>
                <code>(ΣS + 5 × C) ÷ (n + 5)</code> {t('scoring.yoursText')}
              </dd>
            </div>
          </dl>
          <p>{t('scoring.ranked')}</p>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <CardTitle>{t('scoring.exampleTitle')}</CardTitle>
          <p>{t('scoring.exampleText')}</p>
          <table className="scoring__table">
            <caption className="visually-hidden">{t('scoring.exampleCaption')}</caption>
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">Thandi (75%)</th>
                <th scope="col">Sipho (99%)</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('scoring.rowRight')}</th>
                <td>1 − 4 × 0.25² = 0.75</td>
                <td>1 − 4 × 0.01² = 0.9996</td>
              </tr>
              <tr>
                <th scope="row">{t('scoring.rowWrong')}</th>
                <td>1 − 4 × 0.75² = −1.25</td>
                <td>1 − 4 × 0.99² = −2.9204</td>
              </tr>
              <tr>
                <th scope="row">ΣS</th>
                <td>3 × 0.75 − 1.25 = 1.00</td>
                <td>3 × 0.9996 − 2.9204 = 0.0784</td>
              </tr>
              <tr>
                <th scope="row">{t('scoring.rowScore')}</th>
                <td>(1.00 + 1.00) ÷ 9 = 0.222</td>
                <td>(0.0784 + 1.00) ÷ 9 = 0.120</td>
              </tr>
            </tbody>
          </table>
          <p>{t('scoring.exampleEnd')}</p>
        </CardContent>
      </Card>
    </div>
  );
}
