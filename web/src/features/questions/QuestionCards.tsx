import { useState, type ReactNode } from 'react';
import { DiscussionPanel } from '../discussion/DiscussionPanel';
import { Badge, Card, CardContent } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { CommentList } from '../comments/CommentList';
import { ShareButton } from '../share/SharePanel';
import { neutralResultShareText } from '../share/shareText';
import {
  SAMPLE_BADGE,
  barColor,
  formatPercentOneDecimal,
  formatPercentRounded,
  optionResults,
  pluralize,
  questionWithMark,
  totalPredictions,
  yesNoPercentages,
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
function QuestionSummary({ question, commentCount, extraBadges }: { question: Question; commentCount: number; extraBadges?: ReactNode }) {
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

function commentsFor(question: Question, comments: Comment[] | undefined) {
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

/** Feed card: results bars with rounded percentages (red, blue, green), comments and a share button. */
export function FeedQuestionCard({ question: listed, comments, now }: { question: Question; comments?: Comment[]; now: Date }) {
  const question = useRevealedQuestion(listed);
  const { shown, count } = commentsFor(question, comments);
  const [discussing, setDiscussing] = useState(false);
  const rows = optionResults(question);
  const { yes, no } = yesNoPercentages(question);
  const more = count - shown.length;
  return (
    <Card className="qcard" data-question-id={question.id}>
      <CardContent>
        <QuestionSummary question={question} commentCount={count} />
        {question.resultsHidden ? (
          <p className="qcard__hidden">{RESULTS_HIDDEN_TEXT}</p>
        ) : (
        <ul className="bar-list" aria-label="Results">
          {rows.map((r, i) => (
            <li key={r.optionId} className="bar-row">
              <div className="bar-row__top">
                <span className="bar-row__label">
                  {r.text}
                  {r.isCorrect && <span className="bar-row__correct"> ✓ Correct</span>}
                </span>
                <strong className="bar-row__pct">{formatPercentRounded(r.percentage)}</strong>
              </div>
              <div className="bar" aria-hidden="true">
                <div className={`bar__fill bar__fill--${barColor(i, r.optionId)}`} style={{ width: `${r.percentage}%` }} />
              </div>
            </li>
          ))}
        </ul>
        )}
        {(shown.length > 0 || more > 0) && (
          <div className="qcard__section">
            <CommentList comments={shown} now={now} />
            {more > 0 && (
              <button type="button" className="link-button qcard__more-count" onClick={() => setDiscussing(true)}>
                +{pluralize(more, 'more comment', 'more comments')}
              </button>
            )}
          </div>
        )}
        {!question.resultsHidden && (
          <div className="qcard__actions">
            <ShareButton title="Share Your Result" questionId={question.id} text={neutralResultShareText(question.text, yes, no)} />
          </div>
        )}
        <DiscussionPanel questionId={question.id} commentCount={count} expanded={discussing} onExpandedChange={setDiscussing} />
      </CardContent>
    </Card>
  );
}
