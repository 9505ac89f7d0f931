import { Button, Card, CardContent } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { SampleBadge } from '../questions/QuestionCards';
import { useT } from '../../i18n';
import '../../i18n/later';
import { safeExternalUrl, useTagPredictions, type MediaPrediction } from './api';
import { ResearchSection, SelectedTopicBar } from './ResearchSection';

export function MediaPredictions({ query }: { query: ReturnType<typeof useTagPredictions> }) {
  const t = useT();
  return (
    <ResearchSection
      title={t('research.media')}
      failed={t('research.mediaFailed')}
      query={query}
      loading={t('research.predictionsLoading')}
      empty={t('research.mediaNone')}
    >
      {(list) => list.map((p) => <PredictionCard key={p.id} prediction={p} />)}
    </ResearchSection>
  );
}

export function PredictionsTab({
  selected,
  labelOf,
  onChooseTopic,
  onClear,
}: {
  selected: string | null;
  labelOf: (tag: string) => string;
  onChooseTopic: () => void;
  onClear: () => void;
}) {
  const t = useT();
  if (!selected) {
    return (
      <Card className="notice-card">
        <CardContent>
          <h2 className="card__title">{t('research.pickTitle')}</h2>
          <p className="card__description">{t('research.pickText')}</p>
          <Button onClick={onChooseTopic}>{t('research.pickButton')}</Button>
        </CardContent>
      </Card>
    );
  }
  return <TopicPredictions tag={selected} label={labelOf(selected)} onClear={onClear} />;
}

function TopicPredictions({ tag, label, onClear }: { tag: string; label: string; onClear: () => void }) {
  const predictions = useTagPredictions(tag);
  return (
    <div className="stack">
      <SelectedTopicBar label={label} onClear={onClear} />
      <MediaPredictions query={predictions} />
    </div>
  );
}

export function PredictionCard({ prediction: p }: { prediction: MediaPrediction }) {
  const url = safeExternalUrl(p.sourceUrl);
  const confidence = Math.min(100, Math.max(0, Math.round(p.confidence)));
  const t = useT();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(p.sourceDate) ? formatLongDate(`${p.sourceDate}T12:00:00Z`) : p.sourceDate;
  const source = (
    <>
      {p.sourceTitle || t('research.source')}
      {date && <span className="prediction__date">, {date}</span>}
    </>
  );
  return (
    <Card className="prediction" data-prediction-id={p.id}>
      <CardContent>
        {p.isSample && (
          <div className="prediction__badges">
            <SampleBadge />
          </div>
        )}
        <blockquote className="prediction__statement">“{p.statement}”</blockquote>
        {p.prediction && (
          <p className="prediction__prediction">
            <span className="prediction__kicker">{t('research.prediction')}</span> {p.prediction}
          </p>
        )}
        <div className="prediction__confidence">
          <div className="bar-row__top">
            <span>{t('research.confidence')}</span>
            <strong className="bar-row__pct">{confidence}%</strong>
          </div>
          <div
            className="bar"
            role="meter"
            aria-label={t('research.confidence')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={confidence}
          >
            <div className="bar__fill bar__fill--gold" style={{ width: `${confidence}%` }} />
          </div>
        </div>
        <p className="prediction__source">
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              {source}
              <span className="visually-hidden"> {t('research.newTab')}</span>
            </a>
          ) : (
            source
          )}
        </p>
      </CardContent>
    </Card>
  );
}
