import { Link } from 'react-router';
import { Card, CardContent, CardTitle } from '../../ui';
import { useCalibration } from './api';

/**
 * Profile: how well the user's confidence matched reality (issue #20). One row per bucket (50–59 … 90–99) with two
 * bars: how sure they said they were (predicted) and how often they were right (actual), and the count. A
 * well-calibrated player's two bars are about the same length.
 */
export function CalibrationChart({ userId }: { userId: string }) {
  const calibration = useCalibration(userId);
  const data = calibration.data;
  return (
    <Card>
      <CardContent>
        <CardTitle>Your Calibration</CardTitle>
        {calibration.isPending ? (
          <p className="calib__note">Loading calibration...</p>
        ) : calibration.isError || !data ? (
          <p className="calib__note">Your calibration could not be loaded.</p>
        ) : data.resolved === 0 ? (
          <p className="calib__note">Once your predictions resolve, this shows how often you were right at each confidence.</p>
        ) : (
          <>
            <p className="calib__note">
              Predicted (how sure you said you were) against actual (how often you were right), from {data.resolved} resolved{' '}
              {data.resolved === 1 ? 'prediction' : 'predictions'}.
            </p>
            <ul className="calib" aria-label="Calibration by confidence">
              {data.buckets.map((b) => (
                <li key={b.from} className="calib__row">
                  <span className="calib__bucket">
                    {b.from}–{b.to}%
                  </span>
                  <span className="calib__bars" aria-hidden="true">
                    <span className="calib__bar calib__bar--predicted" style={{ width: `${b.predicted ?? 0}%` }} />
                    <span className="calib__bar calib__bar--actual" style={{ width: `${b.actual ?? 0}%` }} />
                  </span>
                  <span className="calib__figures">
                    {b.count === 0
                      ? 'No predictions'
                      : `Predicted ${Math.round(b.predicted ?? 0)}% · actual ${Math.round(b.actual ?? 0)}% · ${b.count}`}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        <Link className="calib__link" to="/scoring">
          How scoring works
        </Link>
      </CardContent>
    </Card>
  );
}
