import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { Spinner } from '../../ui';
import { useNow } from '../../lib/useNow';
import { ScreenHeader } from '../shell/ScreenHeader';
import { usePublicComments, usePublicQuestions, useTodayQuestions } from '../questions/api';
import { FeedQuestionCard } from '../feed/FeedQuestionCard';
import { NotFoundPage } from '../notfound/NotFoundPage';
import { readSharedQuestion } from './sharedQuestion';
import { useT } from '../../i18n';

/**
 * /q/{id} signed in: today's question opens the vote screen (the answer form, or the results once answered); an
 * earlier one shows its card with the national results.
 */
export function SharedQuestionPage() {
  const t = useT();
  const id = (useParams().id ?? '').toLowerCase();
  const today = useTodayQuestions();
  const recent = usePublicQuestions();
  const comments = usePublicComments();
  const now = useNow(60_000);
  const carried = useMemo(() => readSharedQuestion(), []);

  if (today.data?.some((q) => q.id === id)) return <Navigate to="/vote" replace />;
  const question = recent.data?.find((q) => q.id === id) ?? (carried?.id === id ? carried : undefined);
  if (today.isPending || (!question && recent.isPending)) return <Spinner />;
  if (!question) return <NotFoundPage />;
  return (
    <div>
      <ScreenHeader title={t('feed.sharedTitle')} subtitle={t('feed.sharedSubtitle')} />
      <FeedQuestionCard question={question} comments={comments.data?.[question.id]} now={now} />
    </div>
  );
}
