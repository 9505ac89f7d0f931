import { Fragment, useEffect, useRef } from 'react';
import { cx, ErrorNote, LoadingNote } from '../../ui';
import { formatCount } from '../../i18n/format';
import { useT } from '../../i18n';
import '../../i18n/later';
import { useTagOfficials, useTagPredictions, useTagQuestions, useTags, type Tag } from './api';
import { OfficialCard } from './Officials';
import { MediaPredictions } from './Predictions';
import { ResearchQuestionCard } from './ResearchQuestionCard';
import { ResearchSection, SelectedTopicBar } from './ResearchSection';

/** The Topics tab: the topic chips and the selected topic's questions, officials and media predictions. */
export function TopicsTab({
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
      <span className="topic-chip__label">{topic.label.trim() || topic.tag}</span>
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
