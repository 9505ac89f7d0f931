import type { ReactNode } from 'react';
import './comments.css';
import '../moderation/moderation.css';
import { formatRelativeAge } from '../../lib/time';
import type { Comment } from '../../entities/question/types';
import { yesNo } from '../../entities/question/translated';
import { CommentImage } from './CommentImage';
import { useT } from '../../i18n';

export interface CommentListProps {
  comments: Comment[];
  now: Date;
  /** The signed-in user's id: their own comments get a delete button (with `onDelete`). */
  currentUserId?: string;
  onDelete?: (comment: Comment) => void;
  /** The comment whose delete is in flight (its button is disabled). */
  deletingId?: string | null;
  /** Others' comments get a report button (signed in only). */
  onReport?: (comment: Comment) => void;
  className?: string;
  /** Below each comment: its agree and reply controls and its replies (the discussion panel). */
  renderFooter?: (comment: Comment) => ReactNode;
}

/**
 * Comments: author name, @username, relative time, text and optional image. Text is rendered as text
 * (React escapes it), never as HTML. The delete button shows only on the author's own comments.
 */
export function CommentList({ comments, now, currentUserId, onDelete, deletingId, onReport, className, renderFooter }: CommentListProps) {
  const t = useT();
  if (comments.length === 0) return null;
  return (
    <ul className={className ? `comment-list ${className}` : 'comment-list'}>
      {comments.map((c) => {
        const own = !c.deleted && !!onDelete && !!currentUserId && c.userId === currentUserId;
        const reportable = !c.deleted && !!onReport && !!currentUserId && c.userId !== currentUserId && c.moderation !== 'removed';
        if (c.deleted) {
          // Deleted by its author while it had replies: only its place is kept, for them.
          return (
            <li key={c.id} className="comment comment--deleted">
              <p className="comment__moderated">{t('comment.deletedPlaceholder')}</p>
              {renderFooter?.(c)}
            </li>
          );
        }
        return (
          <li key={c.id} className={own ? 'comment comment--own' : 'comment'}>
            <div className="comment__meta">
              {/* A deleted author's comment comes without its author. */}
              {c.user && (
                <>
                  <span className="comment__name">{c.user.name}</span>{' '}
                  <span className="comment__username">@{c.user.username}</span>
                </>
              )}
              <span className="comment__dot" aria-hidden="true">
                ·
              </span>
              {c.createdAt && (
                <time className="comment__time" dateTime={c.createdAt}>
                  {formatRelativeAge(c.createdAt, now)}
                </time>
              )}
              {own && (
                <button
                  type="button"
                  className="comment__delete"
                  aria-label={t('comment.delete')}
                  title={t('comment.delete')}
                  disabled={deletingId === c.id}
                  onClick={() => onDelete(c)}
                >
                  <TrashIcon />
                </button>
              )}
              {reportable && (
                <button type="button" className="comment__report" onClick={() => onReport(c)}>
                  {t('comment.report')}
                </button>
              )}
            </div>
            <ModerationNote comment={c} />
            {c.prediction && (
              <p className="comment__prediction">
                {c.prediction.confidence === null
                  ? t('comment.prediction', { option: yesNo(c.prediction.optionText) })
                  : t('comment.predictionSure', { option: yesNo(c.prediction.optionText), confidence: c.prediction.confidence })}
              </p>
            )}
            {c.content && <p className="comment__text">{c.content}</p>}
            <CommentImage comment={c} />
            {renderFooter?.(c)}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A hidden or removed comment keeps its place in the conversation: others see only that it was hidden or removed;
 * its author (and admins) see their text, and why a moderator removed it.
 */
function ModerationNote({ comment: c }: { comment: Comment }) {
  const t = useT();
  if (c.moderation === 'visible') return null;
  const text = c.moderation === 'hidden' ? t('comment.hidden') : c.moderationReason ? t('comment.removedWhy', { reason: c.moderationReason }) : t('comment.removed');
  return <p className="comment__moderated">{text}</p>;
}

function TrashIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
