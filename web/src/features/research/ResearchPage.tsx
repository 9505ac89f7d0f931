import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAtom } from 'jotai';
import { Badge, Button, Card, CardContent, Tabs, cx } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { initials } from '../friends/api';
import { ScreenHeader } from '../shell/ScreenHeader';
import { SampleBadge } from '../questions/QuestionCards';
import { DiscussionPanel } from '../discussion/DiscussionPanel';
import { optionResults, questionWithMark, totalPredictions } from '../questions/results';
import { ResultBars } from '../questions/ResultBars';
import type { Question } from '../questions/types';
import {
  localImagePath,
  safeExternalUrl,
  useOfficials,
  useTagOfficials,
  useTagPredictions,
  useTagQuestions,
  useTags,
  type MediaPrediction,
  type Official,
  type Tag,
} from './api';
import { researchAtom, type ResearchTab } from './selection';
import './research.css';
import { useDataSaver } from '../datasaver/dataSaver';
import { useT } from '../../i18n';
import { formatCount } from '../../i18n/format';
import '../../i18n/later';
import { useTranslatedQuestion } from '../questions/translated';

/** /research (spec §2 Research): Topics, Officials and Predictions tabs sharing one selected topic. */
export function ResearchPage() {
  const [state, dispatch] = useAtom(researchAtom);
  const tags = useTags();
  const labels = new Map((tags.data ?? []).map((t) => [t.tag, t.label]));
  const labelOf = (tag: string) => labels.get(tag) ?? tag;
  const tab = state.tab;
  const t = useT();

  return (
    <div className="research">
      <ScreenHeader title={t('research.title')} subtitle={t('research.subtitle')}>
        <Link to="/my-suggestions" className="research__suggest-link">
          {t('research.suggest')}
        </Link>
      </ScreenHeader>
      <Tabs<ResearchTab>
        label={t('research.sections')}
        /* Scrolls sideways rather than widening the page where a language’s labels are long (Afrikaans). */
        className="tabs--scroll"
        value={tab}
        onValueChange={(value) => dispatch({ type: 'setTab', tab: value })}
        items={[
          {
            value: 'topics',
            label: t('research.topics'),
            content:
              tab === 'topics' ? (
                <TopicsTab
                  tags={tags}
                  selected={state.tag}
                  labelOf={labelOf}
                  onToggle={(tag) => dispatch({ type: 'toggleTopic', tag })}
                  onClear={() => dispatch({ type: 'clear' })}
                  onJump={(tag) => dispatch({ type: 'jumpToTopic', tag })}
                />
              ) : null,
          },
          {
            value: 'officials',
            label: t('research.officials'),
            content:
              tab === 'officials' ? <OfficialsTab labelOf={labelOf} onJump={(tag) => dispatch({ type: 'jumpToTopic', tag })} /> : null,
          },
          {
            value: 'predictions',
            label: t('research.predictions'),
            content:
              tab === 'predictions' ? (
                <PredictionsTab
                  selected={state.tag}
                  labelOf={labelOf}
                  onChooseTopic={() => dispatch({ type: 'setTab', tab: 'topics' })}
                  onClear={() => dispatch({ type: 'clear' })}
                />
              ) : null,
          },
        ]}
      />
    </div>
  );
}

function LoadingNote({ text }: { text: string }) {
  return (
    <div className="loading-note" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

function ErrorNote({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Card className="notice-card">
      <CardContent>
        <p>{text}</p>
        <Button variant="outline" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </CardContent>
    </Card>
  );
}

/* ---------- Topics ---------- */

function TopicsTab({
  tags,
  selected,
  labelOf,
  onToggle,
  onClear,
  onJump,
}: {
  tags: ReturnType<typeof useTags>;
  selected: string | null;
  labelOf: (tag: string) => string;
  onToggle: (tag: string) => void;
  onClear: () => void;
  onJump: (tag: string) => void;
}) {
  const t = useT();
  if (tags.isPending) return <LoadingNote text={t('research.topicsLoading')} />;
  if (tags.isError) return <ErrorNote text={t('research.topicsFailed')} onRetry={() => void tags.refetch()} />;
  const list = tags.data;
  if (list.length === 0) return <p className="empty-note">{t('research.topicsNone')}</p>;
  return (
    <div className="stack">
      <div>
        <p className="research__hint">{t('research.topicsHint')}</p>
        <ul className="topic-chips" aria-label={t('research.topics')}>
          {list.map((topic) => (
            <li key={topic.tag}>
              <TopicChip topic={topic} selected={topic.tag === selected} onToggle={() => onToggle(topic.tag)} />
            </li>
          ))}
        </ul>
      </div>
      {selected && <TopicDetail tag={selected} label={labelOf(selected)} labelOf={labelOf} onClear={onClear} onJump={onJump} />}
    </div>
  );
}

function TopicChip({ topic, selected, onToggle }: { topic: Tag; selected: boolean; onToggle: () => void }) {
  const t = useT();
  const counts = [
    t('research.questionCount', { count: topic.questionCount, shown: formatCount(topic.questionCount) }),
    t('research.officialCount', { count: topic.officialCount, shown: formatCount(topic.officialCount) }),
    t('research.predictionCount', { count: topic.predictionCount, shown: formatCount(topic.predictionCount) }),
  ];
  return (
    <button
      type="button"
      className={cx('topic-chip', selected && 'topic-chip--selected')}
      aria-pressed={selected}
      data-tag={topic.tag}
      onClick={onToggle}
    >
      <span className="topic-chip__label">{topic.label}</span>
      <span className="topic-chip__counts">
        {counts.map((text, i) => (
          <Fragment key={text}>
            {i > 0 && ' '}
            <span className="topic-chip__count">
              {text}
              {i < counts.length - 1 && ' ·'}
            </span>
          </Fragment>
        ))}
      </span>
    </button>
  );
}

function SelectedTopicBar({ label, onClear }: { label: string; onClear: () => void }) {
  const t = useT();
  return (
    <div className="topic-bar">
      <p className="topic-bar__label">
        {t('research.topic')} <strong>{label}</strong>
      </p>
      <Button size="sm" variant="outline" onClick={onClear}>
        {t('research.clear')}
      </Button>
    </div>
  );
}

function TopicDetail({
  tag,
  label,
  labelOf,
  onClear,
  onJump,
}: {
  tag: string;
  label: string;
  labelOf: (tag: string) => string;
  onClear: () => void;
  onJump: (tag: string) => void;
}) {
  const questions = useTagQuestions(tag);
  const officials = useTagOfficials(tag);
  const predictions = useTagPredictions(tag);
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  // On a phone the topic list can fill the screen: bring the chosen topic's content into view.
  useEffect(() => {
    const el = ref.current;
    if (el) scrollIntoViewBelowHeader(el);
  }, [tag]);
  return (
    <div className="stack topic-detail" data-topic={tag} ref={ref}>
      <SelectedTopicBar label={label} onClear={onClear} />
      <ResearchSection
        title={t('research.questions')}
        failed={t('research.questionsFailed')}
        query={questions}
        loading={t('research.questionsLoading')}
        empty={t('research.questionsNone')}
      >
        {(list) => list.map((q) => <ResearchQuestionCard key={q.id} question={q} />)}
      </ResearchSection>
      <ResearchSection
        title={t('research.sources')}
        failed={t('research.sourcesFailed')}
        query={officials}
        loading={t('research.officialsLoading')}
        empty={t('research.sourcesNone')}
      >
        {(list) => list.map((o) => <OfficialCard key={o.id} official={o} labelOf={labelOf} onTag={onJump} currentTag={tag} />)}
      </ResearchSection>
      <MediaPredictions query={predictions} />
    </div>
  );
}

function MediaPredictions({ query }: { query: ReturnType<typeof useTagPredictions> }) {
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

/** Scrolls the window so `el` starts just below the fixed header, if it is not already on screen. */
function scrollIntoViewBelowHeader(el: HTMLElement) {
  if (typeof window.scrollTo !== 'function' || typeof window.matchMedia !== 'function') return;
  const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-h')) || 90;
  const rect = el.getBoundingClientRect();
  const visibleBottom = window.innerHeight - 80; // above the bottom navigation
  if (rect.top >= header && rect.top + 120 <= visibleBottom) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: window.scrollY + rect.top - header - 16, behavior: reduce ? 'auto' : 'smooth' });
}

function ResearchSection<T>({
  title,
  failed,
  query,
  loading,
  empty,
  children,
}: {
  title: string;
  failed: string;
  query: { isPending: boolean; isError: boolean; data?: T[]; refetch: () => unknown };
  loading: string;
  empty: string;
  children: (list: T[]) => ReactNode;
}) {
  const headingId = useId();
  const list = query.data ?? [];
  return (
    <section className="research-section" aria-labelledby={headingId}>
      <h2 className="research-section__title" id={headingId}>
        {title}
        {!query.isPending && !query.isError && <span className="research-section__count"> ({list.length})</span>}
      </h2>
      {query.isPending ? (
        <LoadingNote text={loading} />
      ) : query.isError ? (
        <ErrorNote text={failed} onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <p className="empty-note">{empty}</p>
      ) : (
        <div className="stack">{children(list)}</div>
      )}
    </section>
  );
}

export function ResearchQuestionCard({ question: original }: { question: Question }) {
  const question = useTranslatedQuestion(original);
  const t = useT();
  const rows = optionResults(question);
  const total = totalPredictions(question);
  return (
    <Card className="qcard research-q" data-question-id={question.id}>
      <CardContent>
        <div className="qcard__badges">
          <time className="qcard__date" dateTime={question.date}>
            {formatLongDate(question.date)}
          </time>
          <span className="qcard__badge-group">
            {question.isSample && <SampleBadge />}
            {question.isResolved && <Badge variant="default">{t('badge.resolved')}</Badge>}
          </span>
        </div>
        <h3 className="qcard__text">{questionWithMark(question.text)}</h3>
        {question.context && <p className="qcard__context">{question.context}</p>}
        <ResultBars rows={rows} label={t('research.results')} correctLabel={`✓ ${t('results.correct')}`} />
        <p className="qcard__stats">{t('research.predictionCount', { count: total, shown: formatCount(total) })}</p>
        <DiscussionPanel questionId={question.id} commentCount={question.commentCount ?? 0} />
      </CardContent>
    </Card>
  );
}

/* ---------- Officials ---------- */

function OfficialsTab({ labelOf, onJump }: { labelOf: (tag: string) => string; onJump: (tag: string) => void }) {
  const officials = useOfficials();
  const t = useT();
  if (officials.isPending) return <LoadingNote text={t('research.officialsLoading')} />;
  if (officials.isError) return <ErrorNote text={t('research.officialsFailed')} onRetry={() => void officials.refetch()} />;
  if (officials.data.length === 0) return <p className="empty-note">{t('research.officialsNone')}</p>;
  return (
    <div className="stack">
      <p className="research__hint">{t('research.officialsHint')}</p>
      {officials.data.map((o) => (
        <OfficialCard key={o.id} official={o} labelOf={labelOf} onTag={onJump} />
      ))}
    </div>
  );
}

export function OfficialAvatar({ official }: { official: Pick<Official, 'name' | 'avatar'> }) {
  const saveData = useDataSaver();
  const image = localImagePath(official.avatar);
  // Data saver: initials, never a picture.
  if (image && !saveData) return <img className="official__avatar official__avatar--img" src={image} alt="" width={56} height={56} />;
  const text = (official.avatar.trim() || initials(official.name)).slice(0, 3).toUpperCase();
  return (
    <span className="official__avatar" aria-hidden="true">
      {text}
    </span>
  );
}

export function OfficialCard({
  official,
  labelOf,
  onTag,
  currentTag,
}: {
  official: Official;
  labelOf: (tag: string) => string;
  onTag: (tag: string) => void;
  currentTag?: string;
}) {
  const t = useT();
  return (
    <Card className="official" data-official-id={official.id}>
      <CardContent>
        <div className="official__head">
          <OfficialAvatar official={official} />
          <div className="official__who">
            <h3 className="official__name">{official.name}</h3>
            {official.title && <p className="official__title">{official.title}</p>}
            {official.isSample && <SampleBadge />}
          </div>
        </div>
        {official.bio && <p className="official__bio">{official.bio}</p>}
        {official.tags.length > 0 && (
          <ul className="tag-chips" aria-label={t('research.topicsFor', { name: official.name })}>
            {official.tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  className={cx('tag-chip', tag === currentTag && 'tag-chip--current')}
                  onClick={() => onTag(tag)}
                  aria-label={`${t('research.topic')} ${labelOf(tag)}`}
                >
                  #{labelOf(tag)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/* ---------- Predictions ---------- */

function PredictionsTab({
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
  const confidence = Math.round(p.confidence);
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
