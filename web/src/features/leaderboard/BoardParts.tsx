// What the leaderboard's tabs share: the rank mark, one player's row, and the loading / error states.
import type { ReactNode } from 'react';
import { Badge, Button, cx } from '../../ui';
import { useT } from '../../i18n';
import { UNRANKED, useRankReason } from './rank';

/** Styled medals for ranks 1–3 (ties share a rank, so two players can both hold gold). */
export const MEDALS: Record<number, 'gold' | 'silver' | 'bronze'> = { 1: 'gold', 2: 'silver', 3: 'bronze' };

/**
 * The rank, as a medal for 1–3 when the player has scored (no medal for zero correct); "—" with the reason, read
 * out, for a player with no rank (null: nothing resolved this month).
 */
export function RankMark({ rank, scored = true }: { rank: number | null; scored?: boolean }) {
  const t = useT();
  const reason = useRankReason('noResolvedThisMonth');
  if (rank === null) {
    return (
      <span className="lb-rank lb-rank--none">
        <span aria-hidden="true">{UNRANKED}</span>
        <span className="visually-hidden">{reason}</span>
      </span>
    );
  }
  const medal = scored ? MEDALS[rank] : undefined;
  if (medal) {
    return (
      <span className={`lb-rank lb-medal lb-medal--${medal}`} role="img" aria-label={t('lb.rankMedal', { rank: String(rank), medal })}>
        <span aria-hidden="true">{rank}</span>
      </span>
    );
  }
  return (
    <span className="lb-rank" aria-label={t('lb.rank', { rank: String(rank) })}>
      {rank}
    </span>
  );
}

/** One player on a board: rank (a medal when `scored` and in the top 3), name, @username, the board's figures. */
export function BoardRow({
  rank,
  scored = true,
  name,
  username,
  isYou,
  isAdmin = false,
  figure,
  meta,
}: {
  rank: number | null;
  scored?: boolean;
  name: string;
  username: string;
  isYou: boolean;
  isAdmin?: boolean;
  figure: ReactNode;
  meta: ReactNode;
}) {
  const t = useT();
  return (
    <li className={cx('lb-entry', isYou && 'lb-entry--you', scored && rank !== null && rank <= 3 && `lb-entry--top${rank}`)}>
      <RankMark rank={rank} scored={scored} />
      <div className="lb-entry__who">
        <p className="lb-entry__name">
          <span className="lb-entry__name-text">{name}</span>
        </p>
        <p className="lb-entry__username">
          <span className="lb-entry__name-text">@{username}</span>
          {isYou && <Badge variant="gold">{t('lb.you')}</Badge>}
          {isAdmin && <Badge variant="secondary">{t('nav.admin')}</Badge>}
        </p>
      </div>
      <div className="lb-entry__figures">
        <p className="lb-entry__correct">{figure}</p>
        <p className="lb-entry__meta">{meta}</p>
      </div>
    </li>
  );
}

/** A board still loading or failed to load (with Try again); null once it has data. */
export function BoardStatus({ query }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown } }) {
  const t = useT();
  if (query.isPending) {
    return (
      <div className="loading-note" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>{t('lb.loading')}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="empty-note">
        <p>{t('lb.failed')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  return null;
}
