import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent } from '../../ui';
import { useNow } from '../../lib/useNow';
import { formatLongDate } from '../../lib/time';
import { CommentList } from '../comments/CommentList';
import { FRIENDS_FEED_KEY } from '../friends/api';
import { SampleBadge } from '../questions/QuestionCards';
import { BlindBadge } from '../questions/blind';
import { optionResults, questionWithMark, totalPredictions } from '../../entities/question/results';
import { ResultBars } from '../../entities/question/ResultBars';
import type { Comment, Question } from '../../entities/question/types';
import './friendsFeed.css';
import { useDataSaver } from '../datasaver/dataSaver';
import { useT } from '../../i18n';

/** Friend comments shown per question in the friends feed (spec §9). */
export const FRIEND_COMMENT_LIMIT = 5;

export interface FriendFeedAnswer {
  userId: string;
  name: string;
  username: string;
  optionId?: string;
  optionText: string;
}

export type FriendFeedQuestion = Pick<
  Question,
  'id' | 'text' | 'context' | 'date' | 'publishedAt' | 'isResolved' | 'correctOptionId' | 'options' | 'isSample' | 'results' | 'totalVotes' | 'isBlind' | 'resultsHidden'
> & {
  friendAnswers: FriendFeedAnswer[];
  friendComments: Comment[];
  friendCommentCount: number;
};

export interface FriendsFeedData {
  friendCount: number;
  questions: FriendFeedQuestion[];
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Normalises GET /api/feed/friends; anything malformed counts as no friends / no questions. */
export function toFriendsFeed(data: unknown): FriendsFeedData {
  if (!data || typeof data !== 'object') return { friendCount: 0, questions: [] };
  const d = data as Record<string, unknown>;
  const questions = asArray(d.questions)
    .filter((q): q is Record<string, unknown> => !!q && typeof q === 'object' && typeof (q as { id?: unknown }).id === 'string')
    .map((q) => {
      const friendComments = asArray(q.friendComments).filter(
        (c): c is Comment => !!c && typeof c === 'object' && !!(c as Comment).user && typeof (c as Comment).id === 'string',
      );
      return {
        ...(q as unknown as FriendFeedQuestion),
        options: asArray(q.options) as Question['options'],
        results: asArray(q.results) as Question['results'],
        friendAnswers: asArray(q.friendAnswers).filter(
          (a): a is FriendFeedAnswer => !!a && typeof a === 'object' && typeof (a as FriendFeedAnswer).name === 'string',
        ),
        friendComments,
        friendCommentCount: typeof q.friendCommentCount === 'number' ? q.friendCommentCount : friendComments.length,
      };
    });
  return { friendCount: typeof d.friendCount === 'number' ? d.friendCount : 0, questions };
}

/** GET /api/feed/friends. Polled like friend answers (every 5 s) while the Friends tab is open. */
export function useFriendsFeed(options: { poll?: boolean; enabled?: boolean } = {}) {
  const saveData = useDataSaver();
  return useQuery({
    queryKey: FRIENDS_FEED_KEY,
    select: toFriendsFeed,
    staleTime: 5_000,
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
  const data = feed.data ?? { friendCount: 0, questions: [] };
  if (data.friendCount === 0) {
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
  if (data.questions.length === 0) {
    return <p className="empty-note">{t('feed.friendsQuiet')}</p>;
  }
  return (
    <div className="stack">
      {data.questions.map((q) => (
        <FriendQuestionCard key={q.id} question={q} now={now} />
      ))}
    </div>
  );
}

export function FriendQuestionCard({ question, now }: { question: FriendFeedQuestion; now: Date }) {
  const t = useT();
  const shown = question.friendComments.slice(0, FRIEND_COMMENT_LIMIT);
  const more = Math.max(0, question.friendCommentCount - shown.length);
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
        {question.friendAnswers.length > 0 && (
          <div className="qcard__section">
            <h4 className="qcard__section-title">{t('feed.friendPredictions')}</h4>
            <ul className="friend-answers">
              {question.friendAnswers.map((a) => (
                <li key={a.userId} className="friend-answer">
                  <span className="friend-answer__who">
                    <span className="comment__name">{a.name}</span> <span className="comment__username">@{a.username}</span>
                  </span>
                  <Badge variant="outline" className="friend-answer__option">
                    {a.optionText}
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
