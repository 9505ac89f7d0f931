import { useId, useState, type FormEvent } from 'react';
import type { Thread } from '@mzansi/api';
import { serverMessage } from '../../lib/api';
import { useNow } from '../../lib/useNow';
import { Button, Textarea, toast, toastError } from '../../ui';
import { useUser } from '../auth/useSession';
import { CommentList, type CommentListProps } from '../comments/CommentList';
import { ReportDialog } from '../moderation/ReportDialog';
import type { Comment } from '../../entities/question/types';
import { useAgree, useDeleteComment, usePostComment, useReplies } from './api';
import { useT } from '../../i18n';

type ListProps = Omit<CommentListProps, 'comments' | 'renderFooter' | 'className'>;

/**
 * The threads of a question: each top-level comment with its agree and reply controls, and its replies indented one
 * level under an "n replies" toggle (the first ones came with the list; the rest load when opened).
 */
export function CommentThreads({ questionId, threads }: { questionId: string; threads: Thread[] }) {
  const t = useT();
  const user = useUser();
  const now = useNow(60_000);
  const remove = useDeleteComment(questionId);
  const [reporting, setReporting] = useState<string | null>(null);

  const onDelete = (comment: Comment) => {
    remove.mutate(comment.id, {
      onSuccess: () => toast({ title: t('discuss.deleted'), description: t('discuss.deletedText') }),
      onError: (error) => toastError(serverMessage(error, t('discuss.tryAgain')), t('discuss.deleteFailed')),
    });
  };
  const listProps: ListProps = {
    now,
    currentUserId: user?.id,
    onDelete,
    deletingId: remove.isPending ? remove.variables : null,
    onReport: (c) => setReporting(c.id),
  };

  return (
    <div className="discussion__list" tabIndex={0} role="region" aria-label={t('discuss.comments')}>
      <CommentList
        comments={threads}
        {...listProps}
        renderFooter={(c) => <ThreadFooter questionId={questionId} thread={c as Thread} listProps={listProps} />}
      />
      <ReportDialog questionId={questionId} commentId={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}

function ThreadFooter({ questionId, thread, listProps }: { questionId: string; thread: Thread; listProps: ListProps }) {
  const t = useT();
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [replying, setReplying] = useState(false);
  const repliesId = useId();
  const needMore = open && thread.replyCount > thread.replies.length;
  const more = useReplies(questionId, thread.id, needMore);
  const replies = needMore && more.data ? more.data : thread.replies;
  const canReply = !!user && !thread.deleted && thread.moderation === 'visible';

  return (
    <>
      <div className="comment__actions">
        <AgreeButton questionId={questionId} comment={thread} />
        {canReply && (
          <button type="button" className="comment__action" aria-expanded={replying} onClick={() => setReplying(!replying)}>
            {t('comment.reply')}
          </button>
        )}
        {thread.replyCount > 0 && (
          <button type="button" className="comment__action" aria-expanded={open} aria-controls={repliesId} onClick={() => setOpen(!open)}>
            {open ? t('comment.hideReplies') : t('comment.replies', { count: thread.replyCount })}
          </button>
        )}
      </div>
      {replying && (
        <ReplyForm
          questionId={questionId}
          parent={thread}
          onDone={() => {
            setReplying(false);
            setOpen(true);
          }}
        />
      )}
      {open && (
        <div id={repliesId}>
          <CommentList
            className="comment-replies"
            comments={replies}
            {...listProps}
            renderFooter={(r) => (
              <div className="comment__actions">
                <AgreeButton questionId={questionId} comment={r} />
              </div>
            )}
          />
        </div>
      )}
    </>
  );
}

/** Agree with someone else's comment (a toggle); one's own and signed-out readers see the count only. */
function AgreeButton({ questionId, comment: c }: { questionId: string; comment: Comment }) {
  const t = useT();
  const user = useUser();
  const agree = useAgree(questionId);
  if (c.deleted) return null;
  const count = t('comment.agrees', { count: c.agreeCount });
  if (!user || c.userId === user.id || c.moderation !== 'visible') {
    return c.agreeCount > 0 ? <span className="comment__agrees">{count}</span> : null;
  }
  return (
    <button
      type="button"
      className="comment__action comment__agree"
      aria-pressed={c.agreedByMe}
      disabled={agree.isPending}
      onClick={() =>
        agree.mutate({ commentId: c.id, agree: !c.agreedByMe }, { onError: (error) => toastError(serverMessage(error, t('discuss.tryAgain')), t('comment.agreeFailed')) })
      }
    >
      <span>{t('comment.agree')}</span>
      <span className="comment__agree-count" aria-hidden="true">
        {c.agreeCount}
      </span>
      <span className="visually-hidden">{count}</span>
    </button>
  );
}

/** The inline form under a comment: a reply, optionally with the replier's prediction. */
function ReplyForm({ questionId, parent, onDone }: { questionId: string; parent: Thread; onDone: () => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [showPrediction, setShowPrediction] = useState(false);
  const post = usePostComment(questionId);
  const name = parent.user?.name ?? '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || post.isPending) return;
    post.mutate(
      { content, parentId: parent.id, showPrediction },
      {
        onSuccess: () => {
          setText('');
          toast({ title: t('discuss.replied') });
          onDone();
        },
        onError: (error) => toastError(serverMessage(error, t('discuss.tryAgain')), t('discuss.postFailed')),
      },
    );
  };

  return (
    <form className="discussion__form comment__reply-form" onSubmit={onSubmit} aria-label={t('discuss.replyTo', { name })}>
      <Textarea aria-label={t('discuss.yourReply')} placeholder={t('discuss.replyPlaceholder')} value={text} maxLength={2000} rows={2} onChange={(e) => setText(e.target.value)} />
      <PredictionCheckbox checked={showPrediction} onChange={setShowPrediction} />
      <div className="discussion__actions">
        <Button variant="outline" size="sm" onClick={onDone}>
          {t('discuss.reportCancel')}
        </Button>
        <Button type="submit" size="sm" disabled={post.isPending || text.trim() === ''}>
          {post.isPending ? t('discuss.posting') : t('discuss.reply')}
        </Button>
      </div>
    </form>
  );
}

/** "Show my prediction": the author's answer beside their comment, theirs to reveal (POPIA), unticked by default. */
export function PredictionCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  return (
    <label className="discussion__check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{t('discuss.showPrediction')}</span>
    </label>
  );
}
