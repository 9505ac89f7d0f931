import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Thread } from '@mzansi/api';
import { serverMessage } from '../../lib/api';
import { Button, Card, CardContent, Textarea, toast, toastError } from '../../ui';
import { useUser } from '../auth/useSession';
import { Link } from 'react-router';
import { CommentThreads, PredictionCheckbox } from './CommentThreads';
import {
  type CommentSort,
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  headBytes,
  readAsDataUrl,
  sniffImageType,
  usePostComment,
  useQuestionComments,
} from './api';
import { t as translate, useT } from '../../i18n';
import './discussion.css';

/**
 * Discussion panel for one question (spec §2): collapsed 'Start Discussion' / 'View Discussion (n comments)';
 * expanded: composer (text + optional image, "show my prediction"), a Top / Newest switch, and the threads. On a list of cards, pass `commentCount` (known from the
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
  const t = useT();
  const [expandedState, setExpandedState] = useState(false);
  const expanded = expandedProp ?? expandedState;
  const setExpanded = (next: boolean) => {
    setExpandedState(next);
    onExpandedChange?.(next);
  };
  const [sort, setSort] = useState<CommentSort>('top');
  const comments = useQuestionComments(questionId, expanded || commentCount === undefined, sort);
  const count = comments.data ? comments.data.reduce((n, c) => n + (c.deleted ? 0 : 1) + c.replyCount, 0) : (commentCount ?? 0);
  const panelId = useId();

  if (!expanded) {
    return (
      <div className="discussion discussion--collapsed" data-question-id={questionId}>
        <Button variant="outline" block aria-expanded={false} aria-controls={panelId} onClick={() => setExpanded(true)}>
          <ChatIcon />
          {count > 0 ? t('discuss.view', { count }) : t('discuss.start')}
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
            {t('discuss.title', { count })}
          </h3>
          <button
            type="button"
            className="discussion__collapse"
            aria-label={t('discuss.hide')}
            aria-expanded={true}
            onClick={() => setExpanded(false)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <Link to="/guidelines" className="discussion__guidelines">
          {t('discuss.guidelines')}
        </Link>
        <Composer questionId={questionId} />
        <SortSwitch sort={sort} onChange={setSort} />
        <Comments questionId={questionId} loading={comments.isPending} threads={comments.data ?? []} />
      </CardContent>
    </Card>
  );
}

/** The message for a file that is not one of the accepted images (in the active language). */
export const notAnImage = (): string => translate('discuss.notAnImage');

function Composer({ questionId }: { questionId: string }) {
  const t = useT();
  const user = useUser();
  const [text, setText] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [showPrediction, setShowPrediction] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const post = usePostComment(questionId);

  if (!user) return null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      toastError(t('discuss.chooseImage'), t('discuss.unsupported'));
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toastError(t('discuss.tooLarge'), t('discuss.tooLargeTitle'));
      return;
    }
    try {
      if (!sniffImageType(await headBytes(file))) {
        toastError(notAnImage(), t('discuss.unsupported'));
        return;
      }
      setImage(await readAsDataUrl(file));
    } catch {
      toastError(t('discuss.tryAnother'), t('discuss.unreadable'));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (post.isPending) return;
    const content = text.trim();
    if (!content && !image) {
      toastError(t('discuss.emptyText'), t('discuss.emptyTitle'));
      return;
    }
    post.mutate(image ? { content, imageUrl: image, showPrediction } : { content, showPrediction }, {
      onSuccess: () => {
        setText('');
        setImage(null);
        setShowPrediction(false);
        toast({ title: t('discuss.added'), description: t('discuss.addedText') });
      },
      onError: (error) => toastError(serverMessage(error, t('discuss.tryAgain')), t('discuss.postFailed')),
    });
  };

  return (
    <form className="discussion__form" onSubmit={onSubmit} aria-label={t('discuss.add')}>
      <Textarea
        aria-label={t('discuss.yourComment')}
        placeholder={t('discuss.placeholder')}
        value={text}
        maxLength={2000}
        rows={3}
        onChange={(e) => setText(e.target.value)}
      />
      {image && (
        <div className="discussion__preview">
          <img
            src={image}
            alt={t('discuss.preview')}
            onError={() => {
              // The bytes looked right but do not decode: no broken preview, nothing to post.
              setImage(null);
              toastError(notAnImage(), t('discuss.unsupported'));
            }}
          />
          <button type="button" className="discussion__remove" aria-label={t('discuss.removeImage')} onClick={() => setImage(null)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
      <PredictionCheckbox checked={showPrediction} onChange={setShowPrediction} />
      <div className="discussion__actions">
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('discuss.imageFile')}
          onChange={(e) => void onFile(e)}
        />
        <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()}>
          <ImageIcon />
          {t('discuss.addImage')}
        </Button>
        <Button type="submit" size="sm" disabled={post.isPending || (text === '' && !image)}>
          {post.isPending ? t('discuss.posting') : t('discuss.post')}
        </Button>
      </div>
    </form>
  );
}

function Comments({ questionId, loading, threads }: { questionId: string; loading: boolean; threads: Thread[] }) {
  const t = useT();
  if (loading) {
    return (
      <div className="loading-note discussion__loading" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>{t('discuss.loading')}</span>
      </div>
    );
  }
  if (threads.length === 0) return <p className="discussion__empty">{t('discuss.empty')}</p>;
  return <CommentThreads questionId={questionId} threads={threads} />;
}

/** Top (most agrees first) or Newest. */
function SortSwitch({ sort, onChange }: { sort: CommentSort; onChange: (sort: CommentSort) => void }) {
  const t = useT();
  return (
    <div className="discussion__sort" role="group" aria-label={t('discuss.sort')}>
      {(['top', 'newest'] as const).map((s) => (
        <button key={s} type="button" className="discussion__sort-btn" aria-pressed={sort === s} onClick={() => onChange(s)}>
          {s === 'top' ? t('discuss.sortTop') : t('discuss.sortNewest')}
        </button>
      ))}
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
