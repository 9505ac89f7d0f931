import { formatRelativeAge } from '../../lib/time';
import type { Comment } from '../questions/types';

/** Read-only comments: author name, @username, relative time, text and optional image. */
export function CommentList({ comments, now }: { comments: Comment[]; now: Date }) {
  if (comments.length === 0) return null;
  return (
    <ul className="comment-list">
      {comments.map((c) => (
        <li key={c.id} className="comment">
          <div className="comment__meta">
            <span className="comment__name">{c.user.name}</span>{' '}
            <span className="comment__username">@{c.user.username}</span>
            <span className="comment__dot" aria-hidden="true">
              ·
            </span>
            <time className="comment__time" dateTime={c.createdAt}>
              {formatRelativeAge(c.createdAt, now)}
            </time>
          </div>
          {c.content && <p className="comment__text">{c.content}</p>}
          {c.imageUrl && <img className="comment__image" src={c.imageUrl} alt={`Image shared by ${c.user.name}`} loading="lazy" />}
        </li>
      ))}
    </ul>
  );
}
