import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAtom } from 'jotai';
import { Badge, Button, Card, CardContent, Tabs, cx } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { initials } from '../friends/api';
import { ScreenHeader } from '../shell/ScreenHeader';
import { SampleBadge } from '../questions/QuestionCards';
import { DiscussionPanel } from '../discussion/DiscussionPanel';
import { barColor, optionResults, pluralize, questionWithMark, totalPredictions } from '../questions/results';
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

/** /research (spec §2 Research): Topics, Officials and Predictions tabs sharing one selected topic. */
export function ResearchPage() {
  const [state, dispatch] = useAtom(researchAtom);
  const tags = useTags();
  const labels = new Map((tags.data ?? []).map((t) => [t.tag, t.label]));
  const labelOf = (tag: string) => labels.get(tag) ?? tag;
  const tab = state.tab;

  return (
    <div className="research">
      <ScreenHeader title="Research" subtitle="Background on the topics behind the daily questions">
        <Link to="/my-suggestions" className="research__suggest-link">
          Have a question idea? Suggest it
        </Link>
      </ScreenHeader>
      <Tabs<ResearchTab>
        label="Research sections"
        value={tab}
        onValueChange={(value) => dispatch({ type: 'setTab', tab: value })}
        items={[
          {
            value: 'topics',
            label: 'Topics',
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
            label: 'Officials',
            content:
              tab === 'officials' ? <OfficialsTab labelOf={labelOf} onJump={(tag) => dispatch({ type: 'jumpToTopic', tag })} /> : null,
          },
          {
            value: 'predictions',
            label: 'Predictions',
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
  return (
    <Card className="notice-card">
      <CardContent>
        <p>{text}</p>
        <Button variant="outline" onClick={onRetry}>
          Try again
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
  if (tags.isPending) return <LoadingNote text="Loading topics..." />;
  if (tags.isError) return <ErrorNote text="Topics could not be loaded." onRetry={() => void tags.refetch()} />;
  const list = tags.data;
  if (list.length === 0) return <p className="empty-note">No research topics yet. Check back soon!</p>;
  return (
    <div className="stack">
      <div>
        <p className="research__hint">Choose a topic to see its questions, official sources and media predictions.</p>
        <ul className="topic-chips" aria-label="Topics">
          {list.map((t) => (
            <li key={t.tag}>
              <TopicChip topic={t} selected={t.tag === selected} onToggle={() => onToggle(t.tag)} />
            </li>
          ))}
        </ul>
      </div>
      {selected && <TopicDetail tag={selected} label={labelOf(selected)} labelOf={labelOf} onClear={onClear} onJump={onJump} />}
    </div>
  );
}

function TopicChip({ topic, selected, onToggle }: { topic: Tag; selected: boolean; onToggle: () => void }) {
  const counts = [
    pluralize(topic.questionCount, 'question'),
    pluralize(topic.officialCount, 'official'),
    pluralize(topic.predictionCount, 'prediction'),
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
  return (
    <div className="topic-bar">
      <p className="topic-bar__label">
        Topic: <strong>{label}</strong>
      </p>
      <Button size="sm" variant="outline" onClick={onClear}>
        Clear
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
  const ref = useRef<HTMLDivElement>(null);
  // On a phone the topic list can fill the screen: bring the chosen topic's content into view.
  useEffect(() => {
    const el = ref.current;
    if (el) scrollIntoViewBelowHeader(el);
  }, [tag]);
  return (
    <div className="stack topic-detail" data-topic={tag} ref={ref}>
      <SelectedTopicBar label={label} onClear={onClear} />
      <ResearchSection title="Questions" query={questions} loading="Loading questions..." empty="No questions on this topic yet.">
        {(list) => list.map((q) => <ResearchQuestionCard key={q.id} question={q} />)}
      </ResearchSection>
      <ResearchSection title="Official sources" query={officials} loading="Loading officials..." empty="No official sources on this topic yet.">
        {(list) => list.map((o) => <OfficialCard key={o.id} official={o} labelOf={labelOf} onTag={onJump} currentTag={tag} />)}
      </ResearchSection>
      <ResearchSection title="Media predictions" query={predictions} loading="Loading predictions..." empty="No media predictions on this topic yet.">
        {(list) => list.map((p) => <PredictionCard key={p.id} prediction={p} />)}
      </ResearchSection>
    </div>
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
  query,
  loading,
  empty,
  children,
}: {
  title: string;
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
        <ErrorNote text={`${title} could not be loaded.`} onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <p className="empty-note">{empty}</p>
      ) : (
        <div className="stack">{children(list)}</div>
      )}
    </section>
  );
}

export function ResearchQuestionCard({ question }: { question: Question }) {
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
            {question.isResolved && <Badge variant="default">Resolved</Badge>}
          </span>
        </div>
        <h3 className="qcard__text">{questionWithMark(question.text)}</h3>
        {question.context && <p className="qcard__context">{question.context}</p>}
        <ul className="bar-list" aria-label="Results">
          {rows.map((r, i) => (
            <li key={r.optionId} className="bar-row">
              <div className="bar-row__top">
                <span className="bar-row__label">
                  {r.text}
                  {r.isCorrect && <span className="bar-row__correct"> ✓ Correct</span>}
                </span>
                <strong className="bar-row__pct">{Math.round(r.percentage)}%</strong>
              </div>
              <div className="bar" aria-hidden="true">
                <div className={`bar__fill bar__fill--${barColor(i, r.optionId)}`} style={{ width: `${r.percentage}%` }} />
              </div>
            </li>
          ))}
        </ul>
        <p className="qcard__stats">{pluralize(total, 'prediction')}</p>
        <DiscussionPanel questionId={question.id} commentCount={question.commentCount ?? 0} />
      </CardContent>
    </Card>
  );
}

/* ---------- Officials ---------- */

function OfficialsTab({ labelOf, onJump }: { labelOf: (tag: string) => string; onJump: (tag: string) => void }) {
  const officials = useOfficials();
  if (officials.isPending) return <LoadingNote text="Loading officials..." />;
  if (officials.isError) return <ErrorNote text="Officials could not be loaded." onRetry={() => void officials.refetch()} />;
  if (officials.data.length === 0) return <p className="empty-note">No officials yet. Check back soon!</p>;
  return (
    <div className="stack">
      <p className="research__hint">Tap a topic on a card to see everything on that topic.</p>
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
          <ul className="tag-chips" aria-label={`Topics for ${official.name}`}>
            {official.tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  className={cx('tag-chip', tag === currentTag && 'tag-chip--current')}
                  onClick={() => onTag(tag)}
                  aria-label={`Topic: ${labelOf(tag)}`}
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
  if (!selected) {
    return (
      <Card className="notice-card">
        <CardContent>
          <h2 className="card__title">Pick a topic</h2>
          <p className="card__description">Choose a topic first to see what the media predicted about it.</p>
          <Button onClick={onChooseTopic}>Choose a topic</Button>
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
      <ResearchSection title="Media predictions" query={predictions} loading="Loading predictions..." empty="No media predictions on this topic yet.">
        {(list) => list.map((p) => <PredictionCard key={p.id} prediction={p} />)}
      </ResearchSection>
    </div>
  );
}

export function PredictionCard({ prediction: p }: { prediction: MediaPrediction }) {
  const url = safeExternalUrl(p.sourceUrl);
  const confidence = Math.round(p.confidence);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(p.sourceDate) ? formatLongDate(`${p.sourceDate}T12:00:00Z`) : p.sourceDate;
  const source = (
    <>
      {p.sourceTitle || 'Source'}
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
            <span className="prediction__kicker">Prediction</span> {p.prediction}
          </p>
        )}
        <div className="prediction__confidence">
          <div className="bar-row__top">
            <span>Confidence</span>
            <strong className="bar-row__pct">{confidence}%</strong>
          </div>
          <div
            className="bar"
            role="meter"
            aria-label="Confidence"
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
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            source
          )}
        </p>
      </CardContent>
    </Card>
  );
}
