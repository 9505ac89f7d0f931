import { Badge, Card, CardContent } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { SampleBadge } from '../questions/QuestionCards';
import { QuestionCriteria } from '../questions/QuestionDetails';
import { DiscussionPanel } from '../discussion/DiscussionPanel';
import { optionResults, questionWithMark, totalPredictions } from '../../entities/question/results';
import { ResultBars } from '../../entities/question/ResultBars';
import type { Question } from '../../entities/question/types';
import { useTranslatedQuestion } from '../../entities/question/translated';
import { useT } from '../../i18n';
import { formatCount } from '../../i18n/format';
import '../../i18n/later';

export function ResearchQuestionCard({ question: original }: { question: Question }) {
  const question = useTranslatedQuestion(original);
  const t = useT();
  const rows = optionResults(question);
  const total = totalPredictions(question);
  return (
    <Card className="qcard research-q" data-question-id={question.id}>
      <CardContent>
        <div className="qcard__badges">
          {question.date && (
            <time className="qcard__date" dateTime={question.date}>
              {formatLongDate(question.date)}
            </time>
          )}
          <span className="qcard__badge-group">
            {question.isSample && <SampleBadge />}
            {question.isResolved && <Badge variant="default">{t('badge.resolved')}</Badge>}
          </span>
        </div>
        <h3 className="qcard__text">{questionWithMark(question.text)}</h3>
        {question.context && <p className="qcard__context">{question.context}</p>}
        <QuestionCriteria text={question.resolutionCriteria} />
        <ResultBars rows={rows} label={t('research.results')} correctLabel={`✓ ${t('results.correct')}`} />
        <p className="qcard__stats">{t('research.predictionCount', { count: total, shown: formatCount(total) })}</p>
        <DiscussionPanel questionId={question.id} commentCount={question.commentCount ?? 0} />
      </CardContent>
    </Card>
  );
}
