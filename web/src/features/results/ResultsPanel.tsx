import { useDeferredValue, useId } from 'react';
import { useSeen } from '../../lib/useSeen';
import { Badge, Button, Card, CardContent, CardTitle, cx } from '../../ui';
import { dayNumber } from '../../lib/time';
import { firstLoad } from '../../lib/queryClient';
import { useUser } from '../auth/useSession';
import { initials } from '../shell/initials';
import { barColor, questionWithMark } from '../../entities/question/results';
import type { Question } from '../../entities/question/types';
import { DiscussionPanel } from '../discussion/DiscussionPanel';
import { useUserStats } from '../profile/api';
import { useLeaderboard } from '../leaderboard/api';
import { rankLabel, UnrankedNote } from '../leaderboard/rank';
import { ShareButton } from '../share/SharePanel';
import { resultShareText, yesNoForOption, yesNoShares } from '../share/shareText';
import {
  useFriendAnswers,
  usePublicResults,
  useQuestionResults,
  resultsHidden,
  type ResultRow,
} from './api';
import { ProvinceBreakdown } from '../provinces/ProvinceBreakdown';
import { ResolutionSource } from '../questions/ResolutionSource';
import { HistoryChart } from '../history/HistoryChart';
import { useT } from '../../i18n';
import { useTranslatedQuestion, yesNo } from '../../entities/question/translated';
import './results.css';

interface NationalRow {
  optionId: string;
  text: string;
  percentage: number;
  votes: number;
  isCorrect: boolean;
  isMine: boolean;
}

/**
 * National rows in the question's option order. The signed-in results call gives the first figures;
 * the public results (written by the live channel, polled while it is down) take over when they are newer.
 */
function nationalRows(
  question: Question,
  rows: ResultRow[],
  myOptionId: string | null,
): NationalRow[] {
  const byId = new Map(rows.map((r) => [r.optionId, r]));
  return question.options.map((o) => ({
    optionId: o.id,
    text: o.text,
    percentage: byId.get(o.id)?.percentage ?? 0,
    votes: byId.get(o.id)?.votes ?? 0,
    isCorrect: question.isResolved && question.correctOptionId === o.id,
    isMine: myOptionId === o.id,
  }));
}

/** Spec §2 Results panel: national results, friends' answers, rankings, share and discussion. */
export function ResultsPanel({
  question: original,
  answerOptionId,
  onInviteFriends,
}: {
  question: Question;
  /** The user's answer when already known (e.g. from the answered check). */
  answerOptionId?: string | null;
  onInviteFriends: () => void;
}) {
  const user = useUser();
  const t = useT();
  // The admin's text in the active language where given (the share text stays the English original).
  const question = useTranslatedQuestion(original);
  const userId = user?.id ?? '';
  const headingId = useId();
  // Right after a vote the reader's own results are already here: the answer carried them (vote/api.ts).
  const results = useQuestionResults(question.id, userId);
  const live = usePublicResults(question.id);

  // The national card fills in one step: until the reader's own results (national figures, provinces) are in, it
  // says it is loading and nothing follows it; growing in two steps (live bars, then provinces) moved the cards
  // below twice (Lighthouse's layout shift).
  const settling = firstLoad(results);
  // The cards below the national one (how the nation moved, friends, rankings, share, discussion) load their own
  // data, so they come when the reader scrolls to them: on a phone they start below the first screen, and a vote
  // asks nothing more until then. They follow in a deferred render (short slices after the national figures, not one long task: Lighthouse's
  // total blocking time) and only add below; nothing above them moves.
  const [moreRef, scrolledTo] = useSeen<HTMLDivElement>();
  const below = useDeferredValue(!settling && scrolledTo);

  // A blind question's public figures stay hidden (only the total): the reader's own results carry them. Counts only
  // grow, so of the two the one with more votes is the newer (an answer's figures may trail the live channel's).
  const useLive = !!live.data && !resultsHidden(live.data) && (!results.data || live.data.totalVotes >= results.data.totalVotes);
  const source = useLive ? live.data : results.data;
  const myOptionId = results.data?.userAnswer?.optionId ?? answerOptionId ?? null;
  const rows = source ? nationalRows(question, source.results ?? [], myOptionId) : [];
  const totalVotes = source?.totalVotes ?? 0;
  const myOption = question.options.find((o) => o.id === myOptionId);
  // The confidence chosen with the answer, shown back (the vote's answer carries it, then the results do).
  const myConfidence = results.data?.userAnswer?.confidence ?? null;

  const shares = yesNoShares(question.options, rows);
  const day = dayNumber(new Date(question.publishedAt ?? question.date ?? Date.now()));

  return (
    <section className="results" aria-labelledby={headingId} data-question-id={question.id}>
      <div className="results__head">
        <p className="results__day" id={headingId}>
          {t('results.dayTitle', { day: String(day) })}
        </p>
        <h2 className="results__question">{questionWithMark(question.text)}</h2>
        <p className="results__mine">
          <span className="results__check" aria-hidden="true">
            ✓
          </span>
          {t('results.submitted')}
          {myOption && (
            <Badge variant="gold" className="results__mine-badge">
              {myOption.text.toUpperCase()}
            </Badge>
          )}
          {myOption && myConfidence !== null && (
            <Badge variant="outline" className="results__confidence">
              {t('confidence.chosen', { confidence: String(myConfidence) })}
            </Badge>
          )}
        </p>
      </div>

      <Card className="results-card">
        <CardContent>
          <div className="results-card__head">
            <CardTitle>{t('results.national')}</CardTitle>
            {question.isResolved ? <Badge variant="gold">{t('badge.resolved')}</Badge> : <Badge variant="live">{t('badge.live')}</Badge>}
          </div>
          {results.isError && !live.data ? (
            <p className="results-card__error" role="alert">
              {t('results.failed')}
            </p>
          ) : !source || settling ? (
            <p className="results-card__loading">{t('results.loading')}</p>
          ) : (
            <>
              <ul className="bar-list results-bars" aria-label={t('results.nationalList')}>
                {rows.map((r, i) => (
                  <li key={r.optionId} className={cx('bar-row', r.isMine && 'bar-row--mine')}>
                    <div className="bar-row__top">
                      <span className="bar-row__label">
                        {r.text}
                        {r.isCorrect && <span className="bar-row__correct"> ✓ {t('results.correct')}</span>}
                      </span>
                      <span className="results-bars__figures">
                        <span className="results-bars__votes">{t('results.votes', { count: r.votes })}</span>
                        <strong className="bar-row__pct">{Math.round(r.percentage)}%</strong>
                      </span>
                    </div>
                    <div
                      className="bar"
                      role="progressbar"
                      aria-label={r.text}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(r.percentage)}
                    >
                      <div className={`bar__fill bar__fill--${barColor(i, r.optionId)}`} style={{ width: `${r.percentage}%` }} />
                    </div>
                  </li>
                ))}
              </ul>
              <p className="results-card__total">{t('results.voted', { count: totalVotes })}</p>
              <ResolutionSource question={question} className="results-card__resolution" />
              <ProvinceBreakdown provinces={results.data?.provinces} options={question.options} />
            </>
          )}
        </CardContent>
      </Card>

      <div ref={moreRef} className="results__more" aria-hidden="true" />
      {/* The chart of how the nation moved is the first of the cards below: asked for once the reader gets there. */}
      {!settling && below && source && !resultsHidden(source) && <HistoryChart question={question} />}
      {!settling && below && (
        <ResultsBelow
          questionId={question.id}
          questionText={questionWithMark(question.text)}
          userId={userId}
          onInviteFriends={onInviteFriends}
          share={
            myOptionId && source
              ? resultShareText(
                  original.text,
                  yesNoForOption(original.options, myOptionId),
                  shares.yes,
                  shares.no,
                  question.isResolved && question.correctOptionId ? question.correctOptionId === myOptionId : null,
                )
              : null
          }
        />
      )}
    </section>
  );
}

/** The cards under the national results, each with its own data: the friends' answers, the rankings, share, discussion. */
function ResultsBelow({
  questionId,
  questionText,
  userId,
  onInviteFriends,
  share,
}: {
  questionId: string;
  /** The question as the reader reads it (its embed's title). */
  questionText: string;
  userId: string;
  onInviteFriends: () => void;
  /** The share text, when the reader's answer and the figures are known. */
  share: string | null;
}) {
  const t = useT();
  const friendAnswers = useFriendAnswers(questionId, userId);
  const stats = useUserStats(userId);
  const friendsBoard = useLeaderboard('friends', !!userId);
  const friends = friendAnswers.data?.friendAnswers ?? [];
  // Nothing of theirs has resolved this month: no accuracy and no rank yet, and voting's reason said instead (a "0%"
  // would read as a verdict). The ranks are voting's, as on the leaderboard and the profile.
  const reason = stats.data?.rankReason ?? null;
  return (
    <>
      <Card className="results-card">
        <CardContent>
          <CardTitle>{t('results.friends')}</CardTitle>
          {friendAnswers.isPending ? (
            <p className="results-card__loading">{t('common.loading')}…</p>
          ) : friends.length === 0 ? (
            <div className="results-friends__empty">
              <p>{t('results.noFriends')}</p>
              <Button variant="primary" onClick={onInviteFriends}>
                {t('results.invite')}
              </Button>
            </div>
          ) : (
            <>
              <ul className="results-friends" aria-label={t('results.friendsAnswers')}>
                {friends.map((f) => (
                  <li key={f.userId} className="results-friends__item">
                    <span className="avatar avatar--sm" aria-hidden="true">
                      {initials(f.name)}
                    </span>
                    <span className="results-friends__name">
                      {f.name}
                      {f.username && <span className="results-friends__username"> @{f.username}</span>}
                    </span>
                    <Badge variant="secondary">{yesNo(f.optionText)}</Badge>
                  </li>
                ))}
              </ul>
              <Button variant="outline" block onClick={onInviteFriends}>
                {t('results.inviteMore')}
              </Button>
            </>
          )}
        </CardContent>
      </Card>

      <Card className="results-card">
        <CardContent>
          <CardTitle>{t('results.rankings')}</CardTitle>
          <dl className="results-ranks">
            <div className="results-ranks__tile">
              <dt>{t('results.nationalRank')}</dt>
              <dd>{stats.data ? rankLabel(stats.data.nationalRank) : '…'}</dd>
            </div>
            <div className="results-ranks__tile">
              <dt>{t('results.amongFriends')}</dt>
              <dd>{friendsBoard.data ? rankLabel(friendsBoard.data.you.friendsRank) : '…'}</dd>
            </div>
          </dl>
          {reason ? (
            <UnrankedNote reason={reason} className="results-ranks__accuracy" />
          ) : (
            <p className="results-ranks__accuracy">{stats.data ? t('results.accuracy', { accuracy: String(stats.data.accuracy) }) : '\u00a0'}</p>
          )}
        </CardContent>
      </Card>

      {share !== null && (
        <ShareButton title={t('results.share')} label={t('results.share')} questionId={questionId} questionText={questionText} variant="gold" size="lg" block text={share} />
      )}

      <DiscussionPanel questionId={questionId} />
    </>
  );
}
