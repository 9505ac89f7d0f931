// How every screen shows a rank (leaderboard, results card, profile). The voting service decides it — competition
// ranking by correct answers this SAST month, or none, with the reason — and the web only shows what it was given.
import type { RankReason } from '@mzansi/api';
import { cx } from '../../ui';
import { useT, type MessageKey } from '../../i18n';

/** Shown for no rank (nothing resolved this month, or no friends to rank among). */
export const UNRANKED = '—';

/** "#3", or UNRANKED. */
export const rankLabel = (rank: number | null | undefined): string => (rank ? `#${rank}` : UNRANKED);

const REASON: Record<RankReason, MessageKey> = { noResolvedThisMonth: 'lb.noResolvedThisMonth' };

/** The reason for no rank in the reader's language, the same sentence on every screen; null when ranked. */
export function useRankReason(reason: RankReason | null | undefined): string | null {
  const t = useT();
  return reason ? t(REASON[reason]) : null;
}

/** The reason under a rank shown as UNRANKED; nothing when ranked. */
export function UnrankedNote({ reason, className }: { reason: RankReason | null | undefined; className?: string }) {
  const text = useRankReason(reason);
  return text ? (
    <p className={cx('rank-reason', className)} data-rank-reason={reason}>
      {text}
    </p>
  ) : null;
}
