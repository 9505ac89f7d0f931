// How a resolved question was judged: "Resolved YES — IEC results, 30 May", the source a link out (nofollow ugc
// noopener: an address the admin typed, not one we vouch for), the admin's note, and "Corrected on …" once corrected.
import { sourceUrlProblem } from '@mzansi/api/rules';
import { useT } from '../../i18n';
import { formatMonthDay } from '../../lib/time';
import type { Question } from '../../entities/question/types';
import './resolution.css';

/** Stands for the link inside the sentence: the message is translated whole, then split around it. */
const SOURCE_MARK = '\u2060source\u2060';

/**
 * The resolution line of a question (the translated question: its option text in the reader's language). Nothing
 * for a question not resolved, or resolved before resolutions named a source (`resolution` null): nothing is made up.
 */
export function ResolutionSource({ question, className = '' }: { question: Pick<Question, 'isResolved' | 'correctOptionId' | 'options'> & { resolution?: Question['resolution'] }; className?: string }) {
  const t = useT();
  const r = question.resolution;
  if (!question.isResolved || !r) return null;
  const answer = (question.options.find((o) => o.id === question.correctOptionId)?.text ?? question.correctOptionId ?? '').toUpperCase();
  const [before = '', after = ''] = t('resolution.line', { answer, source: SOURCE_MARK, day: formatMonthDay(r.resolvedAt) }).split(SOURCE_MARK);
  // The server checks the address; the page checks again before making it a link (an old or odd answer stays text).
  const linkable = sourceUrlProblem(r.source.url) === null;
  return (
    <div className={`resolution ${className}`.trim()} data-testid="resolution">
      <p className="resolution__line">
        {before}
        {linkable ? (
          <a className="resolution__source" href={r.source.url} rel="nofollow ugc noopener" target="_blank">
            {r.source.title}
            <span className="visually-hidden"> {t('resolution.newTab')}</span>
          </a>
        ) : (
          <span className="resolution__source">{r.source.title}</span>
        )}
        {after}
      </p>
      {r.note && <p className="resolution__note">{r.note}</p>}
      {r.correctedAt && <p className="resolution__corrected">{t('resolution.corrected', { day: formatMonthDay(r.correctedAt) })}</p>}
    </div>
  );
}
