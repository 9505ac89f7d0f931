import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button, Card, CardContent, Spinner } from '../../ui';
import { useNow } from '../../lib/useNow';
import { useOpenAuthDialog } from '../auth/authDialogState';
import { BrandMark, FlagStripe, PRODUCT_NAME, TAGLINE } from '../shell/Brand';
import { usePublicComments, usePublicQuestions, useTodayQuestions } from '../questions/api';
import { ArchiveQuestionCard } from '../questions/QuestionCards';
import { TodayQuestion } from './TodayQuestion';
import { saveIntent } from './intent';
import { NewsletterCard } from './NewsletterCard';
import { NotificationsCard } from './NotificationsCard';
import { readSharedQuestion } from '../share/sharedQuestion';

/**
 * What signed-out visitors see on every route (spec §2 Landing page). `staticShell`: the first paint built into
 * index.html (vite.config.ts), without the day, data or anything below the archive heading; the app replaces it.
 */
export function LandingPage({ staticShell = false }: { staticShell?: boolean }) {
  const openAuth = useOpenAuthDialog();
  const join = () => openAuth('signup');
  const choose = (questionId: string, optionId: string) => {
    saveIntent(questionId, optionId);
    openAuth('signup');
  };
  const now = useNow(60_000);
  const today = useTodayQuestions();
  const archive = usePublicQuestions();
  const comments = usePublicComments();
  const questions = archive.data ?? [];
  // A shared link (/q/{id}) shows that question in the hero, as the page carries it.
  // (window's location: the landing is also rendered outside a router, into index.html.)
  const shared = useMemo(() => (typeof document === 'undefined' ? null : readSharedQuestion(document, window.location.pathname)), []);

  return (
    <div className="landing">
      <header className="landing-header">
        <FlagStripe />
        <div className="landing-header__inner">
          <div className="brand">
            <BrandMark />
            <span className="brand__text">
              <span className="brand__title">{PRODUCT_NAME}</span>
              <span className="brand__tagline">{TAGLINE}</span>
            </span>
          </div>
          <Button variant="gold" size="sm" onClick={join}>
            Join
          </Button>
        </div>
      </header>

      <main id="main" className="landing-main">
        <TodayQuestion
          question={shared ?? today.data?.[0]}
          loading={!shared && today.isPending}
          failed={today.isError}
          now={staticShell ? null : now}
          onJoin={join}
          onChoose={staticShell ? undefined : choose}
          onLogin={() => openAuth('login')}
        />

        <section className="archive" aria-labelledby="archive-title">
          <div className="section-heading">
            <h2 className="section-heading__title" id="archive-title">
              Recent predictions
            </h2>
            <p className="section-heading__text">How South Africa called the latest questions.</p>
          </div>
          {archive.isPending ? (
            <Spinner label="Loading recent questions" />
          ) : archive.isError ? (
            <p className="empty-note">Recent questions could not be loaded right now.</p>
          ) : questions.length === 0 ? (
            <p className="empty-note">No questions available yet. Check back soon!</p>
          ) : (
            <div className="stack">
              {questions.map((q) => (
                <ArchiveQuestionCard key={q.id} question={q} comments={comments.data?.[q.id]} now={now} onJoin={join} />
              ))}
            </div>
          )}
        </section>

        {!staticShell && (
          <>
            <NewsletterCard />
            <NotificationsCard onEnable={join} />

            <Card className="cta-card">
              <CardContent>
                <h2 className="cta-card__title">Ready to make your first prediction?</h2>
                <p className="cta-card__text">
                  Answer today&apos;s question, see how South Africa voted and compare your calls with friends.
                </p>
                <Button size="lg" block onClick={join}>
                  Create an account
                </Button>
              </CardContent>
            </Card>
          </>
        )}
      </main>

      {!staticShell && (
        <footer className="landing-footer">
          <p>
            {PRODUCT_NAME} · {TAGLINE}
          </p>
          <p>
            <Link to="/privacy">Privacy notice</Link>
          </p>
        </footer>
      )}
    </div>
  );
}
