import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, CardContent, CardDescription, CardTitle, Tabs } from '../../ui';
import { formatMonthYear } from '../../lib/time';
import { useUser } from '../auth/useSession';
import { useOpenAuthDialog } from '../auth/authDialogState';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useLeaderboard, type Leaderboard, type LeaderboardEntry, type LeaderboardScope } from './api';
import { CalibrationStandings } from './Calibration';
import { BoardRow, BoardStatus } from './BoardParts';
import './leaderboard.css';

const rankText = (rank: number | null | undefined) => (rank ? `#${rank}` : '–');

/** /leaderboard: real standings for this SAST month (PRODUCT.md), national and among friends. */
export function LeaderboardPage() {
  const user = useUser();
  const openAuth = useOpenAuthDialog();
  const [tab, setTab] = useState<LeaderboardScope | 'calibration'>('national');
  const national = useLeaderboard('national', !!user);
  const friends = useLeaderboard('friends', !!user && tab === 'friends');

  if (!user) {
    return (
      <Card className="notice-card">
        <CardContent>
          <CardTitle>Sign In Required</CardTitle>
          <CardDescription>Please sign in to view the leaderboard</CardDescription>
          <Button onClick={() => openAuth('login')}>Log In</Button>
        </CardContent>
      </Card>
    );
  }

  const board = national.data;
  const friendCount = board?.friendCount ?? friends.data?.friendCount ?? 0;
  const month = board?.monthStart ? formatMonthYear(board.monthStart) : null;

  return (
    <div className="leaderboard">
      <ScreenHeader
        title="National Leaderboard"
        subtitle={month ? `Most correct predictions in ${month}` : 'Most correct predictions this month'}
      />

      {national.isError ? (
        <Card className="notice-card">
          <CardContent>
            <p>The leaderboard could not be loaded.</p>
            <Button variant="outline" onClick={() => void national.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <dl className="lb-summary" aria-label="This month" aria-busy={national.isPending}>
            <SummaryTile label="Players this month" value={board ? board.summary.players.toLocaleString('en-ZA') : '…'} />
            <SummaryTile label="Questions resolved" value={board ? board.summary.questionsResolved.toLocaleString('en-ZA') : '…'} />
            <SummaryTile label="Your accuracy" value={board ? `${board.summary.yourAccuracy}%` : '…'} />
          </dl>

          {board && <YourRanking board={board} />}

          <Tabs<LeaderboardScope | 'calibration'>
            label="Leaderboard"
            value={tab}
            onValueChange={setTab}
            className="lb-tabs"
            items={[
              {
                value: 'national',
                label: 'National',
                content: tab === 'national' ? <Standings query={national} scope="national" userId={user.id} /> : null,
              },
              {
                value: 'friends',
                label: `Friends (${friendCount})`,
                content: tab === 'friends' ? <Standings query={friends} scope="friends" userId={user.id} /> : null,
              },
              {
                value: 'calibration',
                label: 'Calibration',
                content: tab === 'calibration' ? <CalibrationStandings userId={user.id} /> : null,
              },
            ]}
          />
        </>
      )}
    </div>
  );
}

function SummaryTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="lb-summary__tile">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function YourRanking({ board }: { board: Leaderboard }) {
  const { you } = board;
  const items: Array<[string, string]> = [
    ['National rank', rankText(you.nationalRank)],
    ['Among friends', rankText(you.friendsRank)],
    ['Correct this month', String(you.correct)],
    ['Accuracy', `${you.accuracy}%`],
    ['Day streak', String(you.streak)],
  ];
  return (
    <section className="lb-you" aria-labelledby="lb-you-title">
      <h2 className="lb-you__title" id="lb-you-title">
        Your Ranking
      </h2>
      <dl className="lb-you__grid">
        {items.map(([label, value]) => (
          <div key={label} className="lb-you__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Standings({
  query,
  scope,
  userId,
}: {
  query: ReturnType<typeof useLeaderboard>;
  scope: LeaderboardScope;
  userId: string;
}) {
  if (query.isPending || query.isError) return <BoardStatus query={query} />;
  const { entries, friendCount } = query.data;
  if (scope === 'friends' && friendCount === 0) {
    return (
      <div className="empty-note lb-empty">
        <p className="lb-empty__title">No friends yet</p>
        <p>Add friends to compare your predictions with theirs.</p>
        <Link className="btn btn--primary btn--md" to="/friends">
          Find Friends
        </Link>
      </div>
    );
  }
  const played = entries.filter((e) => e.answered > 0 || e.userId === userId);
  if (entries.length === 0 || entries.every((e) => e.answered === 0)) {
    return (
      <div className="empty-note lb-empty">
        <p className="lb-empty__title">No predictions this month yet</p>
        <p>Answer today&apos;s questions to get on the board.</p>
      </div>
    );
  }
  return (
    <ol className="lb-list" aria-label={scope === 'national' ? 'National standings' : 'Standings among friends'}>
      {(scope === 'friends' ? entries : played).map((e) => (
        <EntryRow key={e.userId} entry={e} isYou={e.userId === userId} />
      ))}
    </ol>
  );
}

function EntryRow({ entry, isYou }: { entry: LeaderboardEntry; isYou: boolean }) {
  return (
    <BoardRow
      rank={entry.rank}
      scored={entry.correct > 0}
      name={entry.name}
      username={entry.username}
      isYou={isYou}
      isAdmin={entry.isAdmin}
      figure={
        <>
          <strong>{entry.correct}</strong> correct
        </>
      }
      meta={`${entry.accuracy}% · ${entry.streak}d streak`}
    />
  );
}
