import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent } from '../../ui';
import { useNow } from '../../lib/useNow';
import { formatLongDate } from '../../lib/time';
import { CommentList } from '../comments/CommentList';
import { friendsFeedQuery } from '../friends/api';
import type { FriendsFeed as FriendsFeedData } from '@mzansi/api';
import { SampleBadge } from '../questions/QuestionCards';
import { BlindBadge } from '../questions/blind';
import { QuestionCriteria } from '../questions/QuestionDetails';
import { optionResults, questionWithMark, totalPredictions } from '../../entities/question/results';
import { ResultBars } from '../../entities/question/ResultBars';
import './friendsFeed.css';
import { useDataSaver } from '../datasaver/dataSaver';
import { useT } from '../../i18n';
import { useTranslatedQuestion } from '../../entities/question/translated';

/** Friend comments shown per question in the friends feed (spec §9). */
export const FRIEND_COMMENT_LIMIT = 5;

/** A question friends answered or commented on. */
export type FriendFeedQuestion = FriendsFeedData['questions'][number];

/** GET /api/feed/friends. Polled like friend answers (every 5 s) while the Friends tab is open. */
export function useFriendsFeed(options: { poll?: boolean; enabled?: boolean } = {}) {
  const saveData = useDataSaver();
  return useQuery({
    ...friendsFeedQuery,
    enabled: options.enabled ?? true,
    refetchInterval: options.poll && !saveData ? 5_000 : false,
  });
}

function LoadingNote({ text }: { text: string }) {
  return (
    <div className="loading-note" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

export function FriendsFeed() {
  const t = useT();
  const now = useNow(60_000);
  const feed = useFriendsFeed({ poll: true });

  if (feed.isPending) return <LoadingNote text={t('feed.friendsLoading')} />;
  // An older or newer server may leave a part out: no friends, no questions.
  const friendCount = feed.data?.friendCount ?? 0;
  const questions = feed.data?.questions ?? [];
  if (friendCount === 0) {
    return (
      <Card className="notice-card">
        <CardContent>
          <h2 className="card__title">{t('feed.noFriendsTitle')}</h2>
          <p className="card__description">{t('feed.noFriendsText')}</p>
          <Link className="btn btn--primary btn--md" to="/friends">
            {t('feed.findFriends')}
          </Link>
        </CardContent>
      </Card>
    );
  }
  if (feed.isError && !feed.data) {
    return (
      <Card className="notice-card">
        <CardContent>
          <p>{t('feed.friendsFailed')}</p>
          <Button variant="outline" onClick={() => void feed.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (questions.length === 0) {
    return <p className="empty-note">{t('feed.friendsQuiet')}</p>;
  }
  return (
    <div className="stack">
      {questions.map((q) => (
        <FriendQuestionCard key={q.id} question={q} now={now} />
      ))}
    </div>
  );
}

export function FriendQuestionCard({ question: listed, now }: { question: FriendFeedQuestion; now: Date }) {
  const t = useT();
  // In the admin's text for the reader's language, where given; the friends' picks by the same options.
  const question = useTranslatedQuestion(listed);
  const optionText = (id: string, text: string) => question.options.find((o) => o.id === id)?.text ?? text;
  const comments = question.friendComments ?? [];
  const answers = question.friendAnswers ?? [];
  const shown = comments.slice(0, FRIEND_COMMENT_LIMIT);
  const more = Math.max(0, (question.friendCommentCount ?? comments.length) - shown.length);
  const rows = optionResults(question);
  return (
    <Card className="qcard friend-qcard" data-question-id={question.id}>
      <CardContent>
        <div className="qcard__badges">
          {question.date && (
            <time className="qcard__date" dateTime={question.date}>
              {formatLongDate(question.date)}
            </time>
          )}
          <span className="qcard__badge-group">
            <Badge variant="secondary">{t('feed.friendsBadge')}</Badge>
            {question.isSample && <SampleBadge />}
            {question.isBlind && <BlindBadge />}
            {question.isResolved && <Badge>{t('badge.resolved')}</Badge>}
          </span>
        </div>
        <h3 className="qcard__text">{questionWithMark(question.text)}</h3>
        {question.context && <p className="qcard__context">{question.context}</p>}
        <QuestionCriteria text={question.resolutionCriteria} />
        {answers.length > 0 && (
          <div className="qcard__section">
            <h4 className="qcard__section-title">{t('feed.friendPredictions')}</h4>
            <ul className="friend-answers">
              {answers.map((a) => (
                <li key={a.userId} className="friend-answer">
                  <span className="friend-answer__who">
                    <span className="comment__name">{a.name}</span> <span className="comment__username">@{a.username}</span>
                  </span>
                  <Badge variant="outline" className="friend-answer__option">
                    {optionText(a.optionId, a.optionText)}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="qcard__section">
          <h4 className="qcard__section-title">{t('feed.overall', { count: totalPredictions(question) })}</h4>
          {question.resultsHidden ? (
            <p className="qcard__hidden">{t('blind.hidden')}</p>
          ) : (
          <ResultBars rows={rows} label={t('feed.results')} correctLabel={`✓ ${t('results.correct')}`} />
          )}
        </div>
        {(shown.length > 0 || more > 0) && (
          <div className="qcard__section">
            <h4 className="qcard__section-title">{t('feed.friendComments')}</h4>
            <CommentList comments={shown} now={now} />
            {more > 0 && <p className="qcard__more-count">{t('feed.moreFriendComments', { count: more })}</p>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
