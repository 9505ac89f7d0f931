import { useState } from 'react';
import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent, Tabs } from '../../ui';
import { useNow } from '../../lib/useNow';
import { formatLongDate } from '../../lib/time';
import { useUser } from '../auth/useSession';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useFriends, type FriendSummary } from '../friends/api';
import { usePublicComments, usePublicQuestions } from '../questions/api';
import { FeedQuestionCard } from '../questions/QuestionCards';
import { CommentList } from '../comments/CommentList';
import { formatPercentRounded, optionResults, questionWithMark, totalPredictions, pluralize } from '../questions/results';
import type { CommentsByQuestion, Question } from '../questions/types';

type FeedTab = 'public' | 'friends';

export function FeedPage() {
  const user = useUser();
  const [tab, setTab] = useState<FeedTab>('public');
  const friends = useFriends(user?.id ?? '');
  const count = friends.friends.length;

  return (
    <div>
      <ScreenHeader title="Political Prediction Feed" subtitle="Previous daily questions and community predictions" />
      <Tabs<FeedTab>
        label="Feed"
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'public', label: 'Public', content: tab === 'public' ? <PublicFeed /> : null },
          {
            value: 'friends',
            label: `Friends (${count})`,
            content: tab === 'friends' ? <FriendsFeed userId={user?.id ?? ''} friends={friends.friends} loading={friends.isPending} /> : null,
          },
        ]}
      />
    </div>
  );
}

function PublicFeed() {
  const now = useNow(60_000);
  const questions = usePublicQuestions();
  const comments = usePublicComments();

  if (questions.isPending) return <LoadingNote text="Loading public feed..." />;
  if (questions.isError) {
    return (
      <Card className="notice-card">
        <CardContent>
          <p>The public feed could not be loaded.</p>
          <Button variant="outline" onClick={() => void questions.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (questions.data.length === 0) return <p className="empty-note">No questions available yet. Check back soon!</p>;
  return (
    <div className="stack">
      {questions.data.map((q) => (
        <FeedQuestionCard key={q.id} question={q} comments={comments.data?.[q.id]} now={now} />
      ))}
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

interface FriendAnswer {
  userId: string;
  name: string;
  username: string;
  optionText: string;
}

function toFriendAnswers(data: unknown): FriendAnswer[] {
  const list =
    data && typeof data === 'object' && Array.isArray((data as { friendAnswers?: unknown }).friendAnswers)
      ? (data as { friendAnswers: unknown[] }).friendAnswers
      : [];
  return list.filter((a): a is FriendAnswer => !!a && typeof a === 'object' && typeof (a as FriendAnswer).name === 'string');
}

/** Friend comments shown per question in the friends feed (spec §9). */
const FRIEND_COMMENT_LIMIT = 5;

function FriendsFeed({ userId, friends, loading }: { userId: string; friends: FriendSummary[]; loading: boolean }) {
  const now = useNow(60_000);
  const questions = usePublicQuestions();
  const comments = usePublicComments();
  const list = friends.length > 0 ? (questions.data ?? []) : [];
  const answers = useQueries({
    queries: list.map((q) => ({
      queryKey: [`/api/questions/${q.id}/friend-answers?userId=${encodeURIComponent(userId)}`],
      select: toFriendAnswers,
      refetchInterval: 5_000,
    })),
  });

  if (loading) return <LoadingNote text="Loading friends..." />;
  if (friends.length === 0) {
    return (
      <Card className="notice-card">
        <CardContent>
          <h2 className="card__title">No Friends Yet</h2>
          <p className="card__description">Add friends to see their predictions and comments here.</p>
          <Link className="btn btn--primary btn--md" to="/friends">
            Find Friends
          </Link>
        </CardContent>
      </Card>
    );
  }
  if (questions.isPending) return <LoadingNote text="Loading friends feed..." />;

  const friendIds = new Set(friends.map((f) => f.id));
  const items = list
    .map((q, i) => ({
      question: q,
      answers: answers[i]?.data ?? [],
      comments: friendComments(comments.data, q.id, friendIds),
    }))
    .filter((item) => item.answers.length > 0 || item.comments.length > 0);

  if (items.length === 0) {
    return <p className="empty-note">Your friends haven&apos;t predicted or commented on recent questions yet.</p>;
  }
  return (
    <div className="stack">
      {items.map(({ question, answers: friendAnswers, comments: fc }) => (
        <FriendQuestionCard key={question.id} question={question} answers={friendAnswers} comments={fc} now={now} />
      ))}
    </div>
  );
}

function friendComments(map: CommentsByQuestion | undefined, questionId: string, friendIds: Set<string>) {
  return (map?.[questionId] ?? []).filter((c) => friendIds.has(c.userId));
}

function FriendQuestionCard({
  question,
  answers,
  comments,
  now,
}: {
  question: Question;
  answers: FriendAnswer[];
  comments: CommentsByQuestion[string];
  now: Date;
}) {
  const shown = comments.slice(0, FRIEND_COMMENT_LIMIT);
  const more = comments.length - shown.length;
  return (
    <Card className="qcard">
      <CardContent>
        <div className="qcard__badges">
          <time className="qcard__date" dateTime={question.date}>
            {formatLongDate(question.date)}
          </time>
          <span className="qcard__badge-group">
            <Badge variant="secondary">Friends</Badge>
            {question.isResolved && <Badge>Resolved</Badge>}
          </span>
        </div>
        <h3 className="qcard__text">{questionWithMark(question.text)}</h3>
        {answers.length > 0 && (
          <ul className="friend-answers">
            {answers.map((a) => (
              <li key={a.userId}>
                <span className="comment__name">{a.name}</span> <span className="comment__username">@{a.username}</span>
                <Badge variant="outline">{a.optionText}</Badge>
              </li>
            ))}
          </ul>
        )}
        <p className="qcard__stats">
          {pluralize(totalPredictions(question), 'prediction')}:{' '}
          {optionResults(question)
            .map((r) => `${r.text} ${formatPercentRounded(r.percentage)}`)
            .join(' · ')}
        </p>
        <CommentList comments={shown} now={now} />
        {more > 0 && <p className="qcard__more-count">+{more} more friend comments</p>}
      </CardContent>
    </Card>
  );
}
