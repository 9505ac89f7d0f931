import { Badge, Button, Card, CardContent, CardTitle } from '../../ui';
import type { BadgeVariant } from '../../ui/Badge';
import { formatLongDate } from '../../lib/time';
import { questionWithMark } from '../questions/results';
import { NOT_YET, NOT_YET_HINT, useUserHistory, useUserStats, type HistoryStatus } from './api';
import { CalibrationChart } from './CalibrationChart';

/** Profile history: the latest 5 predictions (spec §9). */
export const HISTORY_LIMIT = 5;

const STATUS_BADGE: Record<HistoryStatus, BadgeVariant> = {
  Pending: 'outline',
  Correct: 'default',
  Incorrect: 'destructive',
};

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="profile-stat">
      <dt className="profile-stat__label">{label}</dt>
      <dd className="profile-stat__value">{value}</dd>
    </div>
  );
}

/** Stats tab: four tiles and 'Recent Predictions'. */
export function StatsTab({ userId }: { userId: string }) {
  const stats = useUserStats(userId);
  const history = useUserHistory(userId);
  const s = stats.data;
  const show = (value: string) => (s ? value : stats.isError ? '–' : '…');

  return (
    <div className="stack">
      <dl className="profile-stats" aria-label="Your stats" aria-busy={stats.isPending}>
        <Tile label="Questions Answered" value={show(String(s?.totalAnswers ?? 0))} />
        <Tile label="Accuracy Rate" value={show(s?.accuracy == null ? NOT_YET : `${s.accuracy}%`)} />
        <Tile label="National Rank" value={show(s?.nationalRank ? `#${s.nationalRank}` : NOT_YET)} />
        <Tile label="Day Streak" value={show(String(s?.streak ?? 0))} />
      </dl>
      {s && s.accuracy === null && <p className="profile-stats__note">{NOT_YET_HINT}</p>}

      <Card>
        <CardContent>
          <CardTitle>Recent Predictions</CardTitle>
          {history.isPending ? (
            <div className="loading-note" aria-live="polite">
              <span className="spinner__ring" aria-hidden="true" />
              <span>Loading predictions...</span>
            </div>
          ) : history.isError ? (
            <div className="history-empty">
              <p>Your predictions could not be loaded.</p>
              <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
                Try again
              </Button>
            </div>
          ) : history.data.length === 0 ? (
            <div className="history-empty">
              <p className="history-empty__title">No predictions yet</p>
              <p>Start answering daily questions to see your history!</p>
            </div>
          ) : (
            <ul className="history-list">
              {history.data.slice(0, HISTORY_LIMIT).map((item) => (
                <li key={item.questionId} className="history-item">
                  <div className="history-item__top">
                    <p className="history-item__text">{questionWithMark(item.questionText)}</p>
                    <Badge variant={STATUS_BADGE[item.status]} className={`history-status history-status--${item.status.toLowerCase()}`}>
                      {item.status}
                    </Badge>
                  </div>
                  <p className="history-item__meta">
                    {item.submittedAt && (
                      <time dateTime={item.submittedAt}>{formatLongDate(item.submittedAt)}</time>
                    )}
                    <span>
                      Your answer: <strong>{item.selectedOption}</strong>
                    </span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <CalibrationChart userId={userId} />
    </div>
  );
}
