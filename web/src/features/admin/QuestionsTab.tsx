import { useId } from 'react';
import { Spinner } from '../../ui';
import { useT } from '../../i18n';
import '../../i18n/later';
import type { Question } from '../../entities/question/types';
import { AdminQuestionItem } from './AdminQuestionItem';
import { CreateQuestionCard } from './CreateQuestionCard';
import { ScheduleQueue } from './ScheduleQueue';
import './admin-tabs.css';
import { useAdminDrafts, useAdminQuestions } from './api';

export function QuestionsTab() {
  const t = useT();
  const all = useAdminQuestions();
  return (
    <div className="stack">
      <CreateQuestionCard />
      <ScheduleQueue query={all} />
      <QuestionList
        title={t('admin.drafts')}
        loading={t('admin.draftsLoading')}
        failed={t('admin.draftsFailed')}
        query={useAdminDrafts()}
        empty={t('admin.draftsEmpty')}
      />
      <QuestionList
        title={t('admin.allQuestions')}
        loading={t('admin.allLoading')}
        failed={t('admin.allFailed')}
        query={all}
        empty={t('admin.allEmpty')}
      />
    </div>
  );
}

function QuestionList({
  title,
  loading,
  failed,
  query,
  empty,
}: {
  title: string;
  loading: string;
  failed: string;
  query: { isPending: boolean; isError: boolean; data?: Question[] };
  empty: string;
}) {
  const headingId = useId();
  const list = query.data ?? [];
  return (
    <section className="admin-list" aria-labelledby={headingId}>
      <h2 className="admin-list__title" id={headingId}>
        {title}
        {!query.isPending && !query.isError && ` (${list.length})`}
      </h2>
      {query.isPending ? (
        <Spinner label={loading} />
      ) : query.isError ? (
        <p className="empty-note">{failed}</p>
      ) : list.length === 0 ? (
        <p className="empty-note">{empty}</p>
      ) : (
        <ul className="admin-list__items">
          {list.map((q) => (
            <AdminQuestionItem key={q.id} question={q} />
          ))}
        </ul>
      )}
    </section>
  );
}
