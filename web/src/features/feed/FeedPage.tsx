import { useState } from 'react';
import { Button, Card, CardContent, Tabs } from '../../ui';
import { useNow } from '../../lib/useNow';
import { ScreenHeader } from '../shell/ScreenHeader';
import { usePublicComments, usePublicQuestions } from '../questions/api';
import { FeedQuestionCard } from '../questions/QuestionCards';
import { FriendsFeed, useFriendsFeed } from './FriendsFeed';

type FeedTab = 'public' | 'friends';

export function FeedPage() {
  const [tab, setTab] = useState<FeedTab>('public');
  const friendsFeed = useFriendsFeed();
  const count = friendsFeed.data?.friendCount ?? 0;

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
            content: tab === 'friends' ? <FriendsFeed /> : null,
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
