import { useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, CardDescription, CardTitle } from '../../ui';
import { ClockIcon } from '../../ui/icons';
import { useNow } from '../../lib/useNow';
import { useHydrated } from '../../lib/useHydrated';
import { COUNTDOWN_UNKNOWN } from '../../lib/time';
import { useSettledEnd } from '../../lib/useSeen';
import { useUser } from '../auth/useSession';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useTodayQuestions } from '../questions/api';
import type { Question } from '../../entities/question/types';
import { ResultsPanel } from '../results/ResultsPanel';
import { questionResultsQuery } from '../results/api';
import { InviteFriendsDialog } from '../invite/InviteFriendsDialog';
import { answerKey, useAnswers, type Answer } from './api';
import { DailyQuestion } from './DailyQuestion';
import { usePendingVote } from './outbox';
import { questionWithMark } from '../../entities/question/results';
import { useT } from '../../i18n';
import { useTranslatedQuestion } from '../../entities/question/translated';
import { CompleteProfile, wantsProfileStep } from '../account/CompleteProfile';
import { voteCountdown } from './countdown';
import './vote.css';

/**
 * Time left in the local day, or until the soonest of `closeTimes` (the questions still to answer) when that comes
 * first; refreshed every second (its own component so only it re-renders). Hydrated, it reads the device's clock
 * itself (see useLocalDayCountdown).
 */
export function VoteCountdown({ closeTimes = [] }: { closeTimes?: readonly (string | null)[] }) {
  useNow();
  const hydrated = useHydrated();
  const t = useT();
  const shown = hydrated ? voteCountdown(closeTimes, new Date()) : { to: 'day' as const, value: COUNTDOWN_UNKNOWN };
  const label = shown.to === 'close' ? t('vote.closesIn') : t('vote.timeLeft');
  return (
    <p className="vote-countdown" role="timer" aria-label={label}>
      <ClockIcon width={18} height={18} />
      <span className="vote-countdown__label">{label}</span>
      <span className="vote-countdown__value">{shown.value}</span>
    </p>
  );
}

/** /vote (spec §2 Vote screen): today's questions, each as the answer form or, once answered, the results. */
export function VotePage() {
  const user = useUser();
  const t = useT();
  const userId = user?.id ?? '';
  const today = useTodayQuestions();
  const questions = today.data ?? [];
  const answers = useAnswers(
    userId,
    questions.map((q) => q.id),
  );
  // The profile step comes below the results once they are in: shown earlier, the results card growing into its
  // figures pushed it down (a layout shift). Read from the cache the panels fill; these observers fetch nothing.
  const resultsIn = useQueries({
    queries: questions.filter((_, i) => answers[i]?.data).map((q) => ({ ...questionResultsQuery(q.id, userId), enabled: false })),
    combine: (results) => results.length > 0 && results.every((r) => r.data !== undefined),
  });
  // Questions answered on this screen whose 'Vote Recorded!' confirmation is still showing.
  const [confirming, setConfirming] = useState<ReadonlySet<string>>(() => new Set());
  const [inviteOpen, setInviteOpen] = useState(false);
  const [endRef, endSettled] = useSettledEnd();
  const queryClient = useQueryClient();

  /** The confirmation is over: show the results (the answer is known even if its refresh has not landed). */
  const complete = (answer: Answer) => {
    queryClient.setQueryData<Answer | null>(answerKey(userId, answer.questionId), (old) => old ?? answer);
    setConfirmingFor(answer.questionId, false);
  };

  const setConfirmingFor = (questionId: string, on: boolean) =>
    setConfirming((prev) => {
      const next = new Set(prev);
      if (on) next.add(questionId);
      else next.delete(questionId);
      return next;
    });

  const title = today.data ? t('vote.title', { count: String(questions.length) }) : t('vote.titlePlain');

  return (
    <div className="vote-page">
      <ScreenHeader title={title} subtitle={t('vote.subtitle')}>
        <VoteCountdown closeTimes={questions.filter((q, i) => !answers[i]?.data && !q.isResolved).map((q) => q.closesAt ?? null)} />
      </ScreenHeader>

      {today.isPending ? (
        <div className="loading-note" aria-live="polite">
          <span className="spinner__ring" aria-hidden="true" />
          <span>{t('vote.loading')}</span>
        </div>
      ) : today.isError ? (
        <Card className="notice-card">
          <CardContent>
            <p>{t('vote.loadFailed')}</p>
            <Button variant="outline" onClick={() => void today.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </CardContent>
        </Card>
      ) : questions.length === 0 ? (
        <Card className="notice-card">
          <CardContent>
            <CardTitle>{t('vote.noneTitle')}</CardTitle>
            <CardDescription>{t('vote.noneText')}</CardDescription>
          </CardContent>
        </Card>
      ) : (
        <div className="stack vote-page__list">
          {questions.map((question, i) => {
            const check = answers[i];
            return (
              <QuestionSlot
                key={question.id}
                question={question}
                check={check}
                confirming={confirming.has(question.id)}
                onSubmitted={() => setConfirmingFor(question.id, true)}
                onComplete={complete}
                onInviteFriends={() => setInviteOpen(true)}
              />
            );
          })}
        </div>
      )}

      {/* After the first vote (its confirmation over), once: e-mail, phone and province, all skippable. It comes at
          the end of the page once the reader has got there and nothing is loading: the cards under the results mount
          as they come into view and grow into their data, and a step shown earlier was pushed down by them. */}
      <div ref={endRef} className="vote-page__end" aria-hidden="true" />
      {wantsProfileStep(user) && confirming.size === 0 && resultsIn && endSettled && <CompleteProfile user={user} />}

      <InviteFriendsDialog open={inviteOpen} onOpenChange={setInviteOpen} />
    </div>
  );
}

interface AnswerCheck {
  data: Answer | null | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** One question: the question (its options waiting) while the answered check runs, then the form or the results. */
function QuestionSlot({
  question,
  check,
  confirming,
  onSubmitted,
  onComplete,
  onInviteFriends,
}: {
  question: Question;
  check: AnswerCheck | undefined;
  confirming: boolean;
  onSubmitted: () => void;
  onComplete: (answer: Answer) => void;
  onInviteFriends: () => void;
}) {
  const user = useUser();
  const t = useT();
  const pending = usePendingVote(user?.id ?? '', question.id);
  // Queued offline (the answered check may be paused or failing meanwhile): say so until it is sent.
  if (pending && !check?.data) return <PendingVoteCard question={question} optionId={pending.optionId} />;
  // The question paints at once (/vote's largest element) while the answered check runs; unanswered, the
  // same form then takes the options.
  if (!check || check.isPending) return <DailyQuestion question={question} checking />;
  if (check.isError) {
    return (
      <Card className="notice-card">
        <CardContent>
          <p>{t('vote.checkFailed')}</p>
          <Button variant="outline" onClick={() => void check.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (!check.data || confirming) {
    return <DailyQuestion question={question} onSubmitted={onSubmitted} onComplete={onComplete} />;
  }
  return <ResultsPanel question={question} answerOptionId={check.data.optionId} onInviteFriends={onInviteFriends} />;
}

/** A vote made offline, waiting in the outbox until the connection returns. */
function PendingVoteCard({ question: original, optionId }: { question: Question; optionId: string }) {
  const t = useT();
  const question = useTranslatedQuestion(original);
  const option = question.options.find((o) => o.id === optionId);
  return (
    <Card className="vq vq--pending" data-question-id={question.id}>
      <CardContent className="vq-done" aria-live="polite">
        <span className="vq-done__icon vq-done__icon--pending" aria-hidden="true">
          ⏳
        </span>
        <h2 className="vq-done__title">{t('vote.pendingTitle')}</h2>
        <p className="vq-done__text">
          {t('vote.pendingText', { option: (option?.text ?? optionId).toUpperCase(), question: questionWithMark(question.text) })}
        </p>
      </CardContent>
    </Card>
  );
}
