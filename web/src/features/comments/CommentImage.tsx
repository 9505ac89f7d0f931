import { useState } from 'react';
import { Dialog } from '../../ui';
import type { Comment } from '../../entities/question/types';
import { useDataSaver } from '../datasaver/dataSaver';
import './comments.css';
import { useT } from '../../i18n';

/**
 * A comment's image: the thumbnail (≤ 480 px, lazily loaded, its size reserved so nothing jumps) as a button that
 * opens the full image (≤ 1600 px) in a dialog. Comments from before thumbnails existed fall back to `imageUrl`.
 * With data saver on, a "Show image" button stands in until tapped.
 */
export function CommentImage({ comment }: { comment: Comment }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const saveData = useDataSaver();
  const [tapped, setTapped] = useState(false);
  if (!comment.imageUrl) return null;
  const alt = t('comment.imageBy', { name: comment.user?.name ?? '' });
  // Data saver: nothing is downloaded until the image is asked for.
  if (saveData && !tapped) {
    return (
      <button type="button" className="comment__image-placeholder" onClick={() => setTapped(true)}>
        {t('comment.showImage')}
      </button>
    );
  }
  return (
    <>
      <button type="button" className="comment__image-button" aria-label={t('comment.viewImage', { name: comment.user?.name ?? '' })} onClick={() => setOpen(true)}>
        <img
          className="comment__image"
          src={comment.thumbUrl ?? comment.imageUrl}
          alt={alt}
          loading="lazy"
          decoding="async"
          width={comment.thumbWidth ?? undefined}
          height={comment.thumbHeight ?? undefined}
        />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={alt} className="dialog--image">
        <img className="image-viewer__img" src={comment.imageUrl} alt={alt} width={comment.imageWidth ?? undefined} height={comment.imageHeight ?? undefined} />
      </Dialog>
    </>
  );
}
