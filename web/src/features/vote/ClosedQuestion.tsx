// A question of today whose answering has closed (its close time came) for someone who did not answer it: no answer
// buttons, the time it closed, and the national results as the blind rule allows (an open blind question shows only
// its number of predictions).
import { useId } from 'react';
import { Badge, Card, CardContent } from '../../ui';
import { useDayLabel } from '../../lib/useNow';
import { optionResults, questionWithMark } from '../../entities/question/results';
import { ResultBars } from '../../entities/question/ResultBars';
import type { Question } from '../../entities/question/types';
import { useTranslatedQuestion } from '../../entities/question/translated';
import { SampleBadge } from '../questions/QuestionCards';
import { BlindBadge } from '../questions/blind';
import { ClosedNote, QuestionCriteria } from '../questions/QuestionDetails';
import { resultsHidden, usePublicResults } from '../results/api';
import { useT } from '../../i18n';
import './vote.css';

export function ClosedQuestion({ question: original }: { question: Question }) {
  const t = useT();
  const titleId = useId();
  const question = useTranslatedQuestion(original);
  const dayLabel = useDayLabel(question.publishedAt ?? question.date ?? Date.now());
  const live = usePublicResults(question.id);
  const hidden = live.data ? resultsHidden(live.data) : !!question.resultsHidden;
  const totalVotes = live.data?.totalVotes ?? question.totalVotes ?? 0;
  const rows = optionResults({ ...question, results: live.data?.results ?? question.results });
  return (
    <Card className="vq vq--closed" data-question-id={question.id} aria-labelledby={titleId} role="group">
      <CardContent>
        <div className="vq__top">
          <p className="vq__day">{dayLabel}</p>
          <span className="vq__badges">
            {question.isSample && <SampleBadge />}
            {question.isBlind && <BlindBadge />}
            <Badge variant="secondary">{t('vote.closedBadge')}</Badge>
          </span>
        </div>
        <h2 className="vq__text" id={titleId}>
          {questionWithMark(question.text)}
        </h2>
        {question.context && <p className="vq__context">{question.context}</p>}
        <QuestionCriteria text={question.resolutionCriteria} />
        <ClosedNote closesAt={question.closesAt} />
        {hidden ? (
          <p className="vq__hidden">{t('vote.closedHidden')}</p>
        ) : (
          totalVotes > 0 && <ResultBars rows={rows} label={t('qcard.national')} correctLabel={t('qcard.correct')} />
        )}
        <p className="vq__total">{t('vote.total', { count: totalVotes })}</p>
      </CardContent>
    </Card>
  );
}
