import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { serverMessage } from '../../lib/api';
import { useNow } from '../../lib/useNow';
import { Button, Card, CardContent, Textarea, toast, toastError } from '../../ui';
import { useUser } from '../auth/useSession';
import { CommentList } from '../comments/CommentList';
import { pluralize } from '../questions/results';
import type { Comment } from '../questions/types';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  headBytes,
  readAsDataUrl,
  sniffImageType,
  useDeleteComment,
  usePostComment,
  useQuestionComments,
} from './api';
import './discussion.css';

/**
 * Discussion panel for one question (spec §2): collapsed 'Start Discussion' / 'View Discussion (n comments)';
 * expanded: composer (text + optional image) and the comment list, newest first right under the composer (so
 * one's own new comment shows where one is looking). On a list of cards, pass `commentCount` (known from the
 * question): the comments load only when the panel opens. `expanded` / `onExpandedChange` let a card open it.
 */
export function DiscussionPanel({
  questionId,
  commentCount,
  expanded: expandedProp,
  onExpandedChange,
}: {
  questionId: string;
  commentCount?: number;
  expanded?: boolean;
  onExpandedChange?: (expanded: boolean) => void;
}) {
  const [expandedState, setExpandedState] = useState(false);
  const expanded = expandedProp ?? expandedState;
  const setExpanded = (next: boolean) => {
    setExpandedState(next);
    onExpandedChange?.(next);
  };
  const comments = useQuestionComments(questionId, expanded || commentCount === undefined);
  const count = comments.data?.length ?? commentCount ?? 0;
  const panelId = useId();

  if (!expanded) {
    return (
      <div className="discussion discussion--collapsed" data-question-id={questionId}>
        <Button variant="outline" block aria-expanded={false} aria-controls={panelId} onClick={() => setExpanded(true)}>
          <ChatIcon />
          {count > 0 ? `View Discussion (${pluralize(count, 'comment')})` : 'Start Discussion'}
        </Button>
      </div>
    );
  }

  return (
    <Card className="discussion" data-question-id={questionId}>
      <CardContent id={panelId}>
        <div className="discussion__head">
          <h3 className="discussion__title">
            <ChatIcon />
            Discussion ({count})
          </h3>
          <button
            type="button"
            className="discussion__collapse"
            aria-label="Hide discussion"
            aria-expanded={true}
            onClick={() => setExpanded(false)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <Composer questionId={questionId} />
        <Comments questionId={questionId} loading={comments.isPending} comments={comments.data ?? []} />
      </CardContent>
    </Card>
  );
}

export const NOT_AN_IMAGE = 'This file is not a PNG, JPEG, GIF or WebP image. Please choose another.';

function Composer({ questionId }: { questionId: string }) {
  const user = useUser();
  const [text, setText] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const post = usePostComment(questionId);

  if (!user) return null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      toastError('Please choose a PNG, JPEG, GIF or WebP image', 'Unsupported file');
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toastError('Please select an image smaller than 5MB', 'Image too large');
      return;
    }
    try {
      if (!sniffImageType(await headBytes(file))) {
        toastError(NOT_AN_IMAGE, 'Unsupported file');
        return;
      }
      setImage(await readAsDataUrl(file));
    } catch {
      toastError('Please try another image', 'Could not read the image');
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (post.isPending) return;
    const content = text.trim();
    if (!content && !image) {
      toastError('Please write something or add an image', 'Empty comment');
      return;
    }
    post.mutate(image ? { content, imageUrl: image } : { content }, {
      onSuccess: () => {
        setText('');
        setImage(null);
        toast({ title: 'Comment added!', description: 'Your comment has been posted to the discussion' });
      },
      onError: (error) => toastError(serverMessage(error, 'Please try again'), 'Failed to post comment'),
    });
  };

  return (
    <form className="discussion__form" onSubmit={onSubmit} aria-label="Add a comment">
      <Textarea
        aria-label="Your comment"
        placeholder="Share your thoughts on this prediction..."
        value={text}
        maxLength={2000}
        rows={3}
        onChange={(e) => setText(e.target.value)}
      />
      {image && (
        <div className="discussion__preview">
          <img
            src={image}
            alt="Selected image preview"
            onError={() => {
              // The bytes looked right but do not decode: no broken preview, nothing to post.
              setImage(null);
              toastError(NOT_AN_IMAGE, 'Unsupported file');
            }}
          />
          <button type="button" className="discussion__remove" aria-label="Remove image" onClick={() => setImage(null)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
      <div className="discussion__actions">
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Image file"
          onChange={(e) => void onFile(e)}
        />
        <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()}>
          <ImageIcon />
          Add Image
        </Button>
        <Button type="submit" size="sm" disabled={post.isPending || (text === '' && !image)}>
          {post.isPending ? 'Posting...' : 'Post'}
        </Button>
      </div>
    </form>
  );
}

function Comments({ questionId, loading, comments }: { questionId: string; loading: boolean; comments: Comment[] }) {
  const user = useUser();
  const now = useNow(60_000);
  const remove = useDeleteComment(questionId);

  if (loading) {
    return (
      <div className="loading-note discussion__loading" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>Loading comments...</span>
      </div>
    );
  }
  if (comments.length === 0) return <p className="discussion__empty">No comments yet. Start the discussion!</p>;

  const onDelete = (comment: Comment) => {
    remove.mutate(comment.id, {
      onSuccess: () => toast({ title: 'Comment deleted', description: 'Your comment has been removed' }),
      onError: (error) => toastError(serverMessage(error, 'Please try again'), 'Failed to delete comment'),
    });
  };

  return (
    <div className="discussion__list" tabIndex={0} role="region" aria-label="Comments">
      <CommentList
        comments={[...comments].reverse()}
        now={now}
        currentUserId={user?.id}
        onDelete={onDelete}
        deletingId={remove.isPending ? remove.variables : null}
      />
    </div>
  );
}

function ChatIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    </svg>
  );
}

function ImageIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </svg>
  );
}
