// Blind questions (PRODUCT.md): until someone answers an open blind question (or it resolves), the server sends
// them only its number of predictions. A signed-in reader who answered gets the figures from their own results.
import { Badge } from '../../ui';
import { useT } from '../../i18n';
import { useUser } from '../auth/useSession';
import { resultsHidden, useQuestionResults } from '../results/api';
import type { Question } from '../../entities/question/types';

export const BLIND_BADGE = { label: 'Blind', title: 'Results hidden until people answer' } as const;

export function BlindBadge() {
  const t = useT();
  return (
    <Badge variant="outline" className="blind-badge" title={t('badge.blindTitle')}>
      {t('badge.blind')}
    </Badge>
  );
}

/**
 * The question with the figures this reader may see: a question whose results the shared lists withheld is
 * completed from the reader's own results (GET …/results) once they answered it; otherwise it stays as it came.
 */
export function useRevealedQuestion(question: Question): Question {
  const user = useUser();
  const hidden = !!question.resultsHidden;
  const own = useQuestionResults(question.id, user?.id ?? '', hidden);
  if (!hidden || !own.data || resultsHidden(own.data)) return question;
  return {
    ...question,
    resultsHidden: false,
    totalVotes: Math.max(question.totalVotes, own.data.totalVotes),
    results: own.data.results ?? [],
  };
}
