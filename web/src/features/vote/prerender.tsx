// Build time only (vite.config.ts): the signed-in /vote as it first shows, for the English page's first paint before
// React has loaded (staticVote.ts fills it in). The same components the app renders, so the same layout.
import { MemoryRouter } from 'react-router';
import type { User } from '../auth/types';
import type { Question } from '../../entities/question/types';
import { AppShell } from '../shell/AppShell';
import { ScreenHeader } from '../shell/ScreenHeader';
import { renderStatic } from '../landing/prerender';
import { useT } from '../../i18n';
import '../../i18n/later'; // the signed-in screens' English (the bottom navigation's among them)
import { DailyQuestion } from './DailyQuestion';
import { VoteCountdown } from './VotePage';
import { STATIC_VOTE } from './staticVote';

/** A placeholder user: staticVote.ts writes the stored user's initials and name over it. */
const USER: User = { id: 'static', username: 'static', name: STATIC_VOTE.placeholderName, joinDate: '2025-01-01T00:00:00.000Z', isAdmin: false };

/** A placeholder question with every badge (sample, blind, live) and a context: staticVote.ts keeps what applies. */
const QUESTION: Question = {
  id: STATIC_VOTE.placeholderId,
  text: STATIC_VOTE.placeholderText,
  context: STATIC_VOTE.placeholderText,
  date: '2025-01-01',
  options: [
    { id: 'yes', text: 'Yes' },
    { id: 'no', text: 'No' },
  ],
  correctOptionId: null,
  isActive: true,
  isResolved: false,
  isArchived: false,
  isPublished: true,
  publishedAt: '2025-01-01T10:00:00.000Z',
  createdAt: '2025-01-01T09:00:00.000Z',
  tags: [],
  isSample: true,
  isBlind: true,
  results: [],
  totalVotes: 0,
  commentCount: 0,
};

function StaticVotePage({ question }: { question: Question }) {
  const t = useT();
  return (
    <AppShell user={USER}>
      <div className="vote-page">
        <ScreenHeader title={t('vote.title', { count: STATIC_VOTE.countSlot })} subtitle={t('vote.subtitle')}>
          <VoteCountdown />
        </ScreenHeader>
        <div className="stack vote-page__list">
          <DailyQuestion question={question} checking />
        </div>
      </div>
    </AppShell>
  );
}

/** The page with the placeholder question (index.html), or with `question` (tests compare the two). */
export function renderStaticVote(question: Question = QUESTION): string {
  return renderStatic(
    <MemoryRouter initialEntries={['/vote']}>
      <StaticVotePage question={question} />
    </MemoryRouter>,
  );
}
