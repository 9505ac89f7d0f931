// What a question says besides its text and context, wherever it is shown: how it will be judged (its resolution
// criteria, in the reader's language where the admin translated them) and when answering closes or closed.
import { cx } from '../../ui';
import { formatSastTime } from '../../lib/time';
import { useT } from '../../i18n';
import './details.css';

/** "How it resolves: …" under the question; nothing when it has no criteria. */
export function QuestionCriteria({ text, className }: { text: string | null | undefined; className?: string }) {
  const t = useT();
  if (!text) return null;
  return (
    <p className={cx('qcriteria', className)}>
      <span className="qcriteria__label">{t('criteria.label')}</span> {text}
    </p>
  );
}

/** "Answering closed at 18:00" (SAST, the product's time zone). */
export function ClosedNote({ closesAt, className }: { closesAt: string | null | undefined; className?: string }) {
  const t = useT();
  return <p className={cx('qclosed', className)}>{closesAt ? t('vote.closedAt', { time: formatSastTime(closesAt) }) : t('vote.closedPlain')}</p>;
}

/** "Answering closes at 18:00" under an open question with a close time. */
export function ClosesNote({ closesAt, className }: { closesAt: string | null | undefined; className?: string }) {
  const t = useT();
  if (!closesAt) return null;
  return <p className={cx('qcloses', className)}>{t('vote.closesAt', { time: formatSastTime(closesAt) })}</p>;
}
