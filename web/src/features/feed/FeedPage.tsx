import { useState } from 'react';
import { useDebounced } from '../../lib/useDebounced';
import { Button, Card, CardContent, Input, Label, Tabs } from '../../ui';
import { useNow } from '../../lib/useNow';
import { ScreenHeader } from '../shell/ScreenHeader';
import { usePublicComments, usePublicQuestions } from '../questions/api';
import { FeedQuestionCard } from './FeedQuestionCard';
import { useArchive } from '../questions/archive';
import { FriendsFeed, useFriendsFeed } from './FriendsFeed';
import { useT } from '../../i18n';

type FeedTab = 'public' | 'friends';

export function FeedPage() {
  const t = useT();
  const [tab, setTab] = useState<FeedTab>('public');
  const friendsFeed = useFriendsFeed();
  const count = friendsFeed.data?.friendCount ?? 0;

  return (
    <div>
      <ScreenHeader title={t('feed.title')} subtitle={t('feed.subtitle')} />
      <Tabs<FeedTab>
        label={t('feed.tabs')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'public', label: t('feed.public'), content: tab === 'public' ? <PublicFeed /> : null },
          {
            value: 'friends',
            label: t('feed.friends', { count }),
            content: tab === 'friends' ? <FriendsFeed /> : null,
          },
        ]}
      />
    </div>
  );
}

/** How long typing pauses before the archive is searched. */
const SEARCH_DELAY_MS = 300;

/**
 * The public feed: the latest questions (kept fresh by the live channel), then older ones page by page on request;
 * a search goes through the whole archive on the server.
 */
function PublicFeed() {
  const t = useT();
  const now = useNow(60_000);
  const questions = usePublicQuestions();
  const comments = usePublicComments();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const [older, setOlder] = useState(false);
  const latest = questions.data ?? [];
  const lastLatest = latest.at(-1)?.id ?? '';
  const archive = useArchive(search, search ? '' : lastLatest, !!search || (older && !!lastLatest));
  const pages = archive.data?.pages.flatMap((p) => p.questions) ?? [];
  const shownIds = new Set(search ? [] : latest.map((q) => q.id));
  const list = search ? pages : [...latest, ...pages.filter((q) => !shownIds.has(q.id))];
  const canLoadMore = search ? archive.hasNextPage : !older ? latest.length >= 30 : archive.hasNextPage;

  const searchBox = (
    <div className="archive-search">
      <Label htmlFor="archive-search">{t('feed.search')}</Label>
      <Input id="archive-search" type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} autoComplete="off" />
    </div>
  );

  if (questions.isPending) return <LoadingNote text={t('feed.loading')} />;
  if (questions.isError) {
    return (
      <Card className="notice-card">
        <CardContent>
          <p>{t('feed.loadFailed')}</p>
          <Button variant="outline" onClick={() => void questions.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (!search && latest.length === 0) return <p className="empty-note">{t('feed.empty')}</p>;
  return (
    <div className="stack">
      {searchBox}
      {search && archive.isPending ? (
        <LoadingNote text={t('feed.searching')} />
      ) : search && list.length === 0 ? (
        <p className="empty-note" role="status">
          {t('feed.noMatch')}
        </p>
      ) : (
        list.map((q) => <FeedQuestionCard key={q.id} question={q} comments={comments.data?.[q.id]} now={now} />)
      )}
      {canLoadMore && (
        <Button
          variant="outline"
          block
          disabled={archive.isFetching}
          onClick={() => (search || older ? void archive.fetchNextPage() : setOlder(true))}
        >
          {archive.isFetching ? t('feed.loadingMore') : t('feed.loadMore')}
        </Button>
      )}
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
