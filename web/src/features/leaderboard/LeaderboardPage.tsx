import '../../i18n/later';
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
import { rankLabel, UNRANKED, UnrankedNote } from './rank';
import { useT } from '../../i18n';
import { formatCount } from '../../i18n/format';
import './leaderboard.css';


/** /leaderboard: real standings for this SAST month (PRODUCT.md), national and among friends. */
export function LeaderboardPage() {
  const user = useUser();
  const t = useT();
  const openAuth = useOpenAuthDialog();
  const [tab, setTab] = useState<LeaderboardScope | 'calibration'>('national');
  const national = useLeaderboard('national', !!user);
  const friends = useLeaderboard('friends', !!user && tab === 'friends');

  if (!user) {
    return (
      <Card className="notice-card">
        <CardContent>
          <CardTitle>{t('lb.signInTitle')}</CardTitle>
          <CardDescription>{t('lb.signInText')}</CardDescription>
          <Button onClick={() => openAuth('login')}>{t('landing.login')}</Button>
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
        title={t('lb.title')}
        subtitle={month ? t('lb.subtitleMonth', { month }) : t('lb.subtitle')}
      />

      {national.isError ? (
        <Card className="notice-card">
          <CardContent>
            <p>{t('lb.failed')}</p>
            <Button variant="outline" onClick={() => void national.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <dl className="lb-summary" aria-label={t('lb.thisMonth')} aria-busy={national.isPending}>
            <SummaryTile label={t('lb.players')} value={board ? formatCount(board.summary.players) : '…'} />
            <SummaryTile label={t('lb.resolved')} value={board ? formatCount(board.summary.questionsResolved) : '…'} />
            <SummaryTile label={t('lb.yourAccuracy')} value={board ? `${board.summary.yourAccuracy}%` : '…'} />
          </dl>

          {board && <YourRanking board={board} />}

          <Tabs<LeaderboardScope | 'calibration'>
            label={t('lb.tabs')}
            value={tab}
            onValueChange={setTab}
            className="lb-tabs"
            items={[
              {
                value: 'national',
                label: t('lb.national'),
                content: tab === 'national' ? <Standings query={national} scope="national" userId={user.id} /> : null,
              },
              {
                value: 'friends',
                label: t('lb.friendsTab', { count: String(friendCount) }),
                content: tab === 'friends' ? <Standings query={friends} scope="friends" userId={user.id} /> : null,
              },
              {
                value: 'calibration',
                label: t('lb.calibration'),
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
  const t = useT();
  const { you } = board;
  const items: Array<[string, string]> = [
    [t('lb.nationalRank'), rankLabel(you.nationalRank)],
    [t('lb.amongFriends'), rankLabel(you.friendsRank)],
    [t('lb.correctMonth'), String(you.correct)],
    [t('lb.accuracy'), you.rankReason ? UNRANKED : `${you.accuracy}%`],
    [t('lb.streak'), String(you.streak)],
  ];
  return (
    <section className="lb-you" aria-labelledby="lb-you-title">
      <h2 className="lb-you__title" id="lb-you-title">
        {t('lb.yourRanking')}
      </h2>
      <dl className="lb-you__grid">
        {items.map(([label, value]) => (
          <div key={label} className="lb-you__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <UnrankedNote reason={you.rankReason} className="lb-you__reason" />
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
  const t = useT();
  if (query.isPending || query.isError) return <BoardStatus query={query} />;
  const { entries, friendCount } = query.data;
  if (scope === 'friends' && friendCount === 0) {
    return (
      <div className="empty-note lb-empty">
        <p className="lb-empty__title">{t('lb.noFriendsTitle')}</p>
        <p>{t('lb.noFriendsText')}</p>
        <Link className="btn btn--primary btn--md" to="/friends">
          {t('lb.findFriends')}
        </Link>
      </div>
    );
  }
  const played = entries.filter((e) => e.answered > 0 || e.userId === userId);
  const empty = entries.length === 0 || entries.every((e) => e.answered === 0);
  return (
    <>
      {empty ? (
        <div className="empty-note lb-empty">
          <p className="lb-empty__title">{t('lb.emptyTitle')}</p>
          <p>{t('lb.emptyText')}</p>
        </div>
      ) : (
        <ol className="lb-list" aria-label={scope === 'national' ? t('lb.nationalList') : t('lb.friendsList')}>
          {(scope === 'friends' ? entries : played).map((e) => (
            <EntryRow key={e.userId} entry={e} isYou={e.userId === userId} />
          ))}
        </ol>
      )}
      {/* Whoever is not listed still sees their own row here; this says nobody else does, and where to change it. */}
      {scope === 'national' && !query.data.you.listedNationally && (
        <p className="lb-note">
          {t('lb.notListed')}{' '}
          <Link to="/profile?tab=privacy">{t('lb.notListedLink')}</Link>
        </p>
      )}
    </>
  );
}

function EntryRow({ entry, isYou }: { entry: LeaderboardEntry; isYou: boolean }) {
  const t = useT();
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
          <strong>{entry.correct}</strong> {t('lb.correct')}
        </>
      }
      meta={t('lb.entryMeta', { accuracy: String(entry.accuracy), streak: String(entry.streak) })}
    />
  );
}
