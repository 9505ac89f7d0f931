import { Card, CardContent, CardTitle } from '../../ui';
import { ScreenHeader } from '../shell/ScreenHeader';
import './scoring.css';

/**
 * /scoring, "How scoring works": the boards, the Brier formula, the shrinkage and a worked example.
 * The same numbers as services/voting/src/domain/calibration.ts (its tests check them).
 */
export function ScoringPage() {
  return (
    <div className="scoring stack">
      <ScreenHeader title="How scoring works" subtitle="Being right counts. Knowing how sure to be counts too." />
      <Card>
        <CardContent>
          <CardTitle>National and Friends boards</CardTitle>
          <p>One point for every correct prediction this month (South African time). Ties share a rank. Accuracy is correct ÷ resolved.</p>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <CardTitle>Your confidence</CardTitle>
          <p>
            With YES or NO you can say how sure you are, from 50% (a coin toss) to 99%. If you do not say, we count 75%. Like your answer,
            it cannot be changed once submitted.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <CardTitle>The Calibration board</CardTitle>
          <p>
            When a question resolves, your confidence p (75% → 0.75) is scored against what happened: y = 1 if your answer was right, 0 if
            not.
          </p>
          <dl className="scoring__formulas">
            <div>
              <dt>Brier score</dt>
              <dd>
                <code>B = (p − y)²</code> — 0 is perfect; always saying 50% gives 0.25.
              </dd>
            </div>
            <div>
              <dt>Brier skill</dt>
              <dd>
                <code>S = 1 − 4 × (p − y)²</code> — 1 is perfect, 0 is no better than a coin toss, below 0 is worse.
              </dd>
            </div>
            <div>
              <dt>Your score</dt>
              <dd>
                <code>(ΣS + 5 × C) ÷ (n + 5)</code> — n is your resolved predictions this month and C the average skill of everyone&apos;s
                predictions this month. The 5 “average” predictions keep a lucky streak of two or three from topping the board; the more you
                predict, the less they matter.
              </dd>
            </div>
          </dl>
          <p>You are ranked once at least 3 of your predictions this month have resolved. Honest confidence scores best.</p>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <CardTitle>A worked example</CardTitle>
          <p>Thandi and Sipho both get 3 of 4 questions right. The crowd&apos;s average skill this month is C = 0.20.</p>
          <table className="scoring__table">
            <caption className="visually-hidden">Worked example</caption>
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">Thandi (75%)</th>
                <th scope="col">Sipho (99%)</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Each right answer</th>
                <td>1 − 4 × 0.25² = 0.75</td>
                <td>1 − 4 × 0.01² = 0.9996</td>
              </tr>
              <tr>
                <th scope="row">The wrong answer</th>
                <td>1 − 4 × 0.75² = −1.25</td>
                <td>1 − 4 × 0.99² = −2.9204</td>
              </tr>
              <tr>
                <th scope="row">ΣS</th>
                <td>3 × 0.75 − 1.25 = 1.00</td>
                <td>3 × 0.9996 − 2.9204 = 0.0784</td>
              </tr>
              <tr>
                <th scope="row">Score</th>
                <td>(1.00 + 1.00) ÷ 9 = 0.222</td>
                <td>(0.0784 + 1.00) ÷ 9 = 0.120</td>
              </tr>
            </tbody>
          </table>
          <p>Same number correct, but Thandi ranks above Sipho: being 99% sure and wrong costs far more than it earns when right.</p>
        </CardContent>
      </Card>
    </div>
  );
}
