import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent, cx, toast, toastError } from '../../ui';
import { ApiError, serverMessage } from '../../lib/api';
import { useDayLabel } from '../../lib/useNow';
import { useUser } from '../auth/useSession';
import { questionWithMark } from '../../entities/question/results';
import { SampleBadge } from '../questions/QuestionCards';
import { BlindBadge } from '../questions/blind';
import type { Question } from '../../entities/question/types';
import { resultsHidden, usePublicResults } from '../results/api';
import { ShareButton } from '../share/SharePanel';
import { voteShareText, yesNoForOption } from '../share/shareText';
import { useSubmitAnswer, type Answer } from './api';
import { ConfidenceSlider, DEFAULT_CONFIDENCE } from './ConfidenceSlider';
import { isOffline, voteOutbox } from './outbox';
import { clearIntent, intentFor } from '../landing/intent';
import { useT } from '../../i18n';
import { useTranslatedQuestion } from '../../entities/question/translated';
import { ClosesNote, QuestionCriteria } from '../questions/QuestionDetails';
import { useClosed } from '../questions/closing';
import { TODAY_QUESTIONS_KEY } from '../questions/api';
import { ClosedQuestion } from './ClosedQuestion';
import './vote.css';

/** Input that means the user is scrolling by themselves: the page stops moving for them. */
const USER_SCROLLS = ['wheel', 'touchmove', 'keydown'] as const;
const SETTLE_MS = 5000;

/**
 * Keeps an element in the middle of the screen while the page around it settles (results and cards arriving above
 * it change their height), until the user scrolls by themselves or SETTLE_MS pass.
 */
function useCentredWhileSettling(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const centre = () => el.scrollIntoView({ block: 'center' });
    centre();
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(centre) : undefined;
    resized?.observe(document.body);
    const stop = () => {
      resized?.disconnect();
      clearTimeout(timer);
      for (const type of USER_SCROLLS) window.removeEventListener(type, stop);
    };
    const timer = setTimeout(stop, SETTLE_MS);
    for (const type of USER_SCROLLS) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [ref, active]);
}

/** Spec §9: the post-vote confirmation stays this long before the flow proceeds. */
export const POST_VOTE_DELAY_MS = 3000;

/**
 * The answer form (spec §2 Daily question, §4 answer flow): no option chosen → option chosen (submit shown,
 * the choice can change) → submitting → submitted ('Vote Recorded!'), then after 3 s `onComplete` runs.
 * `onSubmitted` runs as soon as the server accepted the answer (before any refresh).
 */
export function DailyQuestion({
  question: original,
  checking = false,
  onSubmitted,
  onComplete,
}: {
  question: Question;
  /**
   * Whether the user has answered is still being asked: the question shows (the page's first paint), its options
   * wait. The same element then becomes the form, or gives way to the results.
   */
  checking?: boolean;
  onSubmitted?: (answer: Answer) => void;
  /** Runs 3 s after a successful submit, with the recorded answer. */
  onComplete?: (answer: Answer) => void;
}) {
  const user = useUser();
  const t = useT();
  // The admin's text in the interface language where there is one (the share text stays the English original).
  const question = useTranslatedQuestion(original);
  const dayLabel = useDayLabel(question.publishedAt ?? question.date ?? Date.now());
  const titleId = useId();
  // A choice tapped on the landing page before signing up comes preselected: one tap confirms it.
  const [fromLanding] = useState(() => {
    const optionId = intentFor(question.id);
    return optionId && question.options.some((o) => o.id === optionId) ? optionId : null;
  });
  const [selected, setSelected] = useState<string | null>(fromLanding);
  // …and in view: the shared question may not be today's first card, and its submit must not wait for a scroll.
  const intentRef = useRef<HTMLParagraphElement>(null);
  useCentredWhileSettling(intentRef, !!fromLanding);
  const [confidence, setConfidence] = useState(DEFAULT_CONFIDENCE);
  const [submitted, setSubmitted] = useState<Answer | null>(null);
  const [sharing, setSharing] = useState(false);
  const live = usePublicResults(question.id);
  // Closed by its time on this device's clock, or by the server's refusal (a clock behind the server's).
  const [refusedAsClosed, setRefusedAsClosed] = useState(false);
  const closed = useClosed(original) || refusedAsClosed;
  const queryClient = useQueryClient();

  const onSubmittedRef = useRef(onSubmitted);
  onSubmittedRef.current = onSubmitted;
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  const submit = useSubmitAnswer({
    onSuccess: (answer) => {
      if (intentFor(answer.questionId)) clearIntent();
      setSubmitted(answer);
      toast({ title: t('vote.submittedTitle'), description: t('vote.submittedText') });
      onSubmittedRef.current?.(answer);
    },
  });

  // After the confirmation, proceed (not while the share dialog is open: it would close under the user).
  useEffect(() => {
    if (submitted === null || sharing) return;
    const timeout = setTimeout(() => onCompleteRef.current?.(submitted), POST_VOTE_DELAY_MS);
    return () => clearTimeout(timeout);
  }, [submitted, sharing]);

  const onSubmit = () => {
    // Spec §5: nothing is sent without a chosen option and a signed-in user.
    if (!selected || !user || submit.isPending || checking) return;
    const input = { userId: user.id, questionId: question.id, optionId: selected, confidence };
    submit.mutate(input, {
      onError: (error) => {
        // No connection: the vote waits on the phone and goes out when the connection returns.
        if (isOffline(error)) voteOutbox.add(input);
        else toastError(serverMessage(error, t('vote.submitFailed')));
        if (error instanceof ApiError && (error.code === 'voteClosedAt' || error.code === 'voteClosed')) {
          setRefusedAsClosed(true);
          void queryClient.invalidateQueries({ queryKey: TODAY_QUESTIONS_KEY });
        }
      },
    });
  };

  const text = questionWithMark(question.text);

  if (submitted !== null) {
    return (
      <Card className="vq vq--done" data-question-id={question.id}>
        <CardContent className="vq-done" aria-live="polite">
          <span className="vq-done__icon" aria-hidden="true">
            ✓
          </span>
          <h2 className="vq-done__title">{t('vote.recorded')}</h2>
          <p className="vq-done__text">{t('vote.recordedText', { question: text })}</p>
          <ShareButton
            title={t('vote.share')}
            label={t('vote.share')}
            questionId={question.id}
            variant="primary"
            size="md"
            text={voteShareText(original.text, yesNoForOption(original.options, submitted.optionId))}
            onOpenChange={setSharing}
          />
          <p className="vq-done__hint">{t('vote.resultsSoon')}</p>
        </CardContent>
      </Card>
    );
  }

  // Answering closed (not answered here): the time it closed and the results as the blind rule allows.
  if (closed) return <ClosedQuestion question={original} />;

  const totalVotes = live.data?.totalVotes ?? 0;
  // A blind question: the server sends only the number of predictions until you answer.
  const hidden = live.data ? resultsHidden(live.data) : !!question.resultsHidden;
  const figures = new Map((live.data?.results ?? []).map((r) => [r.optionId, r]));
  const pending = submit.isPending;
  const locked = pending || checking;

  return (
    <Card className="vq" data-question-id={question.id} aria-labelledby={titleId} role="group" aria-busy={checking || undefined}>
      <CardContent>
        {checking && (
          <span className="visually-hidden" role="status">
            {t('vote.checking')}
          </span>
        )}
        <div className="vq__top">
          <p className="vq__day">{dayLabel}</p>
          <span className="vq__badges">
            {question.isSample && <SampleBadge />}
            {question.isBlind && <BlindBadge />}
            {question.isResolved ? <Badge variant="gold">{t('badge.resolved')}</Badge> : <Badge variant="live">{t('badge.live')}</Badge>}
          </span>
        </div>
        <h2 className="vq__text" id={titleId}>
          {text}
        </h2>
        {question.context && <p className="vq__context">{question.context}</p>}
        <QuestionCriteria text={question.resolutionCriteria} />
        <ClosesNote closesAt={question.closesAt} />
        <div className={cx('vq__options', question.options.length !== 2 && 'vq__options--list')}>
          {question.options.map((option, i) => {
            const row = figures.get(option.id);
            const isSelected = selected === option.id;
            return (
              <button
                key={option.id}
                type="button"
                className={cx('vq-option', i === 0 ? 'vq-option--first' : 'vq-option--other', isSelected && 'is-selected')}
                aria-pressed={isSelected}
                disabled={locked}
                onClick={() => setSelected(option.id)}
              >
                <span className="vq-option__label">{option.text.toUpperCase()}</span>
                {totalVotes > 0 && !hidden && (
                  <span className="vq-option__live">
                    {t('vote.optionLive', { percent: String(Math.round(row?.percentage ?? 0)), votes: row?.votes ?? 0 })}
                  </span>
                )}
              </button>
            );
          })}
        </div>
        {totalVotes > 0 && <p className="vq__total">{t('vote.total', { count: totalVotes })}</p>}
        {hidden && <p className="vq__hidden">{t('blind.hidden')}</p>}
        {selected && <ConfidenceSlider value={confidence} onChange={setConfidence} disabled={locked} />}
        {fromLanding && selected === fromLanding && (
          <p className="vq__intent" role="note" ref={intentRef}>
            {t('vote.intent')}
          </p>
        )}
        {selected && (
          <Button variant="gold" size="lg" block className="vq__submit" disabled={locked} onClick={onSubmit}>
            {pending ? t('vote.submitting') : t('vote.submit')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
