import type { ReactNode } from 'react';
import { Badge, Card, CardContent } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { CommentList } from '../comments/CommentList';
import {
  SAMPLE_BADGE,
  formatPercentOneDecimal,
  optionResults,
  pluralize,
  questionWithMark,
  totalPredictions,
} from './results';
import type { Comment, Question } from './types';
import { BlindBadge, RESULTS_HIDDEN_TEXT, useRevealedQuestion } from './blind';
import { ProvinceBreakdown } from '../provinces/ProvinceBreakdown';
import { useTranslatedQuestion } from './translated';
import { toProvinces } from '../provinces/provinces';

/** Comments shown per question in the public feed and on the landing page (spec §9). */
export const PUBLIC_COMMENT_LIMIT = 3;

export function SampleBadge() {
  return (
    <Badge variant="outline" className="sample-badge" title={SAMPLE_BADGE.title}>
      {SAMPLE_BADGE.label}
    </Badge>
  );
}

/** Badges, text with '?', optional context, date, total predictions and comment count. */
export function QuestionSummary({ question, commentCount, extraBadges }: { question: Question; commentCount: number; extraBadges?: ReactNode }) {
  const total = totalPredictions(question);
  return (
    <>
      <div className="qcard__badges">
        <time className="qcard__date" dateTime={question.date}>
          {formatLongDate(question.date)}
        </time>
        <span className="qcard__badge-group">
          {extraBadges}
          {question.isSample && <SampleBadge />}
          {question.isBlind && <BlindBadge />}
          {question.isResolved && <Badge variant="default">Resolved</Badge>}
        </span>
      </div>
      <h3 className="qcard__text">{questionWithMark(question.text)}</h3>
      {question.context && <p className="qcard__context">{question.context}</p>}
      <p className="qcard__stats">
        <span>{pluralize(total, 'prediction')}</span>
        <span aria-hidden="true">·</span>
        <span>{pluralize(commentCount, 'comment')}</span>
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
  const question = useTranslatedQuestion(useRevealedQuestion(listed));
  const { shown, count } = commentsFor(question, comments);
  const rows = optionResults(question);
  return (
    <Card className="qcard" data-question-id={question.id}>
      <CardContent>
        <QuestionSummary question={question} commentCount={count} />
        <div className="qcard__section">
          <h4 className="qcard__section-title">National results</h4>
          {question.resultsHidden ? (
            <p className="qcard__hidden">{RESULTS_HIDDEN_TEXT}</p>
          ) : (
          <ul className="result-list">
            {rows.map((r) => (
              <li key={r.optionId} className={r.isCorrect ? 'result-row result-row--correct' : 'result-row'}>
                <span className="result-row__label">
                  {r.text}
                  {r.isCorrect && (
                    <Badge variant="gold" className="result-row__correct">
                      ✓ Correct
                    </Badge>
                  )}
                </span>
                <span className="result-row__figures">
                  <span className="result-row__count">{pluralize(r.count, 'vote')}</span>
                  <strong className="result-row__pct">{formatPercentOneDecimal(r.percentage)}</strong>
                </span>
              </li>
            ))}
          </ul>
          )}
          {!question.resultsHidden && <ProvinceBreakdown provinces={toProvinces(question.provinces)} options={question.options} />}
        </div>
        {shown.length > 0 && (
          <div className="qcard__section">
            <CommentList comments={shown} now={now} />
          </div>
        )}
        {count > PUBLIC_COMMENT_LIMIT && (
          <button type="button" className="link-button qcard__more" onClick={onJoin}>
            Join to see all {count} comments
          </button>
        )}
      </CardContent>
    </Card>
  );
}
