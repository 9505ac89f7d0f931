import type { ReactNode } from 'react';
import { Badge, Card, CardContent } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { CommentList } from '../comments/CommentList';
import { formatPercentOneDecimal, optionResults, questionWithMark, totalPredictions } from '../../entities/question/results';
import type { Comment, Question } from '../../entities/question/types';
import { BlindBadge, useRevealedQuestion } from './blind';
import { useT } from '../../i18n';
import { ProvinceBreakdown } from '../provinces/ProvinceBreakdown';
import { useTranslatedQuestion } from '../../entities/question/translated';
import { QuestionCriteria } from './QuestionDetails';
import { ResolutionSource } from './ResolutionSource';

/** Comments shown per question in the public feed and on the landing page (spec §9). */
export const PUBLIC_COMMENT_LIMIT = 3;

/** "Sample data" (SAMPLE_BADGE in English: the static first paint's words). */
export function SampleBadge() {
  const t = useT();
  return (
    <Badge variant="outline" className="sample-badge" title={t('badge.sampleTitle')}>
      {t('badge.sample')}
    </Badge>
  );
}

/** Badges, text with '?', optional context and resolution criteria, how it was resolved (its source), date, total predictions and comment count. */
export function QuestionSummary({ question, commentCount, extraBadges }: { question: Question; commentCount: number; extraBadges?: ReactNode }) {
  const t = useT();
  const total = totalPredictions(question);
  return (
    <>
      <div className="qcard__badges">
        {question.date && (
          <time className="qcard__date" dateTime={question.date}>
            {formatLongDate(question.date)}
          </time>
        )}
        <span className="qcard__badge-group">
          {extraBadges}
          {question.isSample && <SampleBadge />}
          {question.isBlind && <BlindBadge />}
          {question.isResolved && <Badge variant="default">{t('badge.resolved')}</Badge>}
        </span>
      </div>
      <h3 className="qcard__text">{questionWithMark(question.text)}</h3>
      {question.context && <p className="qcard__context">{question.context}</p>}
      <QuestionCriteria text={question.resolutionCriteria} />
      <ResolutionSource question={question} />
      <p className="qcard__stats">
        <span>{t('qcard.predictions', { count: total })}</span>
        <span aria-hidden="true">·</span>
        <span>{t('qcard.comments', { count: commentCount })}</span>
      </p>
    </>
  );
}

export function commentsFor(question: Question, comments: Comment[] | undefined) {
  const list = comments ?? [];
  const count = Math.max(Number.isFinite(question.commentCount) ? question.commentCount : 0, list.length);
  return { shown: list.slice(0, PUBLIC_COMMENT_LIMIT), count };
}

/** Landing page public archive: national results with counts and one-decimal percentages, correct badge. */
export function ArchiveQuestionCard({
  question: listed,
  comments,
  now,
  onJoin,
}: {
  question: Question;
  comments?: Comment[];
  now: Date;
  onJoin: () => void;
}) {
  // In the admin's text for the active language, where given.
  const t = useT();
  const question = useTranslatedQuestion(useRevealedQuestion(listed));
  const { shown, count } = commentsFor(question, comments);
  const rows = optionResults(question);
  return (
    <Card className="qcard" data-question-id={question.id}>
      <CardContent>
        <QuestionSummary question={question} commentCount={count} />
        <div className="qcard__section">
          <h4 className="qcard__section-title">{t('qcard.national')}</h4>
          {question.resultsHidden ? (
            <p className="qcard__hidden">{t('blind.hidden')}</p>
          ) : (
          <ul className="result-list">
            {rows.map((r) => (
              <li key={r.optionId} className={r.isCorrect ? 'result-row result-row--correct' : 'result-row'}>
                <span className="result-row__label">
                  {r.text}
                  {r.isCorrect && (
                    <Badge variant="gold" className="result-row__correct">
                      {t('qcard.correct')}
                    </Badge>
                  )}
                </span>
                <span className="result-row__figures">
                  <span className="result-row__count">{t('qcard.votes', { count: r.count })}</span>
                  <strong className="result-row__pct">{formatPercentOneDecimal(r.percentage)}</strong>
                </span>
              </li>
            ))}
          </ul>
          )}
        </div>
        {/* Provinces and comments folded, side by side: five cards with them open made the landing ten phone screens long. */}
        <div className="qcard__folds">
          {!question.resultsHidden && <ProvinceBreakdown provinces={question.provinces} options={question.options} folded />}
          {shown.length > 0 && (
            <details className="qcard__fold">
              <summary className="qcard__fold-summary">{t('qcard.comments', { count })}</summary>
              <CommentList comments={shown} now={now} />
              {count > PUBLIC_COMMENT_LIMIT && (
                <button type="button" className="link-button qcard__more" onClick={onJoin}>
                  {t('qcard.joinAll', { count })}
                </button>
              )}
            </details>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
