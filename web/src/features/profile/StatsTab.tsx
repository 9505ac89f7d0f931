import { Badge, Button, Card, CardContent, CardTitle } from '../../ui';
import type { BadgeVariant } from '../../ui/Badge';
import { formatLongDate } from '../../lib/time';
import { questionWithMark } from '../../entities/question/results';
import { historyStatus, NOT_YET, useUserHistory, useUserStats, type HistoryStatus } from './api';
import { CalibrationChart } from './CalibrationChart';
import { AccuracyChart } from '../history/AccuracyChart';
import { rankLabel, UnrankedNote } from '../leaderboard/rank';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { translatedHistoryItem } from '../../entities/question/translated';

/** Profile history: the latest 5 predictions (spec §9). */
export const HISTORY_LIMIT = 5;

const STATUS_LABEL: Record<HistoryStatus, MessageKey> = {
  Pending: 'stats.pending',
  Correct: 'stats.correct',
  Incorrect: 'stats.incorrect',
};

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
  const t = useT();
  const language = useLanguage();
  const stats = useUserStats(userId);
  const history = useUserHistory(userId);
  const s = stats.data;
  const show = (value: string) => (s ? value : stats.isError ? '–' : '…');

  return (
    <div className="stack">
      <dl className="profile-stats" aria-label={t('stats.label')} aria-busy={stats.isPending}>
        <Tile label={t('stats.answered')} value={show(String(s?.totalAnswers ?? 0))} />
        <Tile label={t('stats.accuracy')} value={show(s?.accuracy == null ? NOT_YET : `${s.accuracy}%`)} />
        <Tile label={t('stats.rank')} value={show(rankLabel(s?.nationalRank))} />
        <Tile label={t('stats.streak')} value={show(String(s?.streak ?? 0))} />
      </dl>
      {s && <UnrankedNote reason={s.rankReason} className="profile-stats__note" />}

      <Card>
        <CardContent>
          <CardTitle>{t('stats.recent')}</CardTitle>
          {history.isPending ? (
            <div className="loading-note" aria-live="polite">
              <span className="spinner__ring" aria-hidden="true" />
              <span>{t('stats.loading')}</span>
            </div>
          ) : history.isError ? (
            <div className="history-empty">
              <p>{t('stats.failed')}</p>
              <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
                {t('common.tryAgain')}
              </Button>
            </div>
          ) : history.data.length === 0 ? (
            <div className="history-empty">
              <p className="history-empty__title">{t('stats.emptyTitle')}</p>
              <p>{t('stats.emptyText')}</p>
            </div>
          ) : (
            <ul className="history-list">
              {history.data.slice(0, HISTORY_LIMIT).map((item) => {
                const status = historyStatus(item);
                const shown = translatedHistoryItem(item, language);
                return (
                  <li key={item.questionId} className="history-item">
                    <div className="history-item__top">
                      <p className="history-item__text">{questionWithMark(shown.questionText)}</p>
                      <Badge variant={STATUS_BADGE[status]} className={`history-status history-status--${status.toLowerCase()}`}>
                        {t(STATUS_LABEL[status])}
                      </Badge>
                    </div>
                    <p className="history-item__meta">
                      {item.submittedAt && (
                        <time dateTime={item.submittedAt}>{formatLongDate(item.submittedAt)}</time>
                      )}
                      <span>
                        {t('stats.yourAnswer')} <strong>{shown.selectedOption}</strong>
                      </span>
                      {typeof item.confidence === 'number' && (
                        <span className="history-item__confidence">{t('confidence.chosen', { confidence: String(item.confidence) })}</span>
                      )}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>

      <CalibrationChart userId={userId} />
      <AccuracyChart userId={userId} />
    </div>
  );
}
