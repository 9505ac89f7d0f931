// The signed-in feed's question card (FeedPage, shared question page): results bars, comments, share, discussion.
// Apart from the landing's cards (QuestionCards.tsx) so the discussion and share code stay out of the landing page's
// startup download.
import { useState } from 'react';
import { DiscussionPanel } from '../discussion/DiscussionPanel';
import { ShareButton } from '../share/SharePanel';
import { neutralResultShareText } from '../share/shareText';
import { CommentList } from '../comments/CommentList';
import { Card, CardContent } from '../../ui';
import { optionResults, questionWithMark, yesNoPercentages } from '../../entities/question/results';
import { ResultBars } from '../../entities/question/ResultBars';
import type { Comment, Question } from '../../entities/question/types';
import { useRevealedQuestion } from '../questions/blind';
import { Sparkline } from '../history/Sparkline';
import { commentsFor, QuestionSummary } from '../questions/QuestionCards';
import { useT } from '../../i18n';
import { useTranslatedQuestion } from '../../entities/question/translated';

/** Feed card: results bars with rounded percentages (red, blue, green), comments and a share button. */
export function FeedQuestionCard({ question: listed, comments, now }: { question: Question; comments?: Comment[]; now: Date }) {
  const t = useT();
  // In the admin's text for the reader's language, where given (the share text keeps the English: the spec's words).
  const question = useTranslatedQuestion(useRevealedQuestion(listed));
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
          <p className="qcard__hidden">{t('blind.hidden')}</p>
        ) : (
          <>
            <ResultBars rows={rows} label={t('feed.resultsList')} correctLabel={t('qcard.correct')} />
            <Sparkline points={question.sparkline} options={question.options} />
          </>
        )}
        {(shown.length > 0 || more > 0) && (
          <div className="qcard__section">
            <CommentList comments={shown} now={now} />
            {more > 0 && (
              <button type="button" className="link-button qcard__more-count" onClick={() => setDiscussing(true)}>
                {t('feed.moreComments', { count: more })}
              </button>
            )}
          </div>
        )}
        {!question.resultsHidden && (
          <div className="qcard__actions">
            <ShareButton title={t('results.share')} questionId={question.id} questionText={questionWithMark(listed.text)} text={neutralResultShareText(listed.text, yes, no)} />
          </div>
        )}
        <DiscussionPanel questionId={question.id} commentCount={count} expanded={discussing} onExpandedChange={setDiscussing} />
      </CardContent>
    </Card>
  );
}
