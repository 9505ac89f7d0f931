import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, CardContent, Spinner } from '../../ui';
import { useNow } from '../../lib/useNow';
import { useOpenAuthDialog } from '../auth/authDialogState';
import { BrandMark, FlagStripe, PRODUCT_NAME } from '../shell/Brand';
import { useT } from '../../i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { usePublicComments, usePublicQuestions, useTodayQuestions } from '../questions/api';
import { ArchiveQuestionCard } from '../questions/QuestionCards';
import { TodayQuestion } from './TodayQuestion';
import { saveIntent } from './intent';
import { NewsletterCard } from './NewsletterCard';
import { NotificationsCard } from './NotificationsCard';
import { readSharedQuestion } from '../share/sharedQuestion';

/** Archive cards shown at first, and added by each "Show more". */
const ARCHIVE_FIRST = 5;
const ARCHIVE_MORE = 10;

/** What signed-out visitors see on every route (spec §2 Landing page); the gateway renders it for / (entry-server.tsx). */
export function LandingPage() {
  const openAuth = useOpenAuthDialog();
  const t = useT();
  const join = () => openAuth('signup');
  const choose = (questionId: string, optionId: string) => {
    saveIntent(questionId, optionId);
    openAuth('signup');
  };
  const now = useNow(60_000);
  const today = useTodayQuestions();
  const archive = usePublicQuestions();
  const comments = usePublicComments();
  // The archive (up to 30 cards, each with its provinces) renders in the background, in slices that let the
  // browser respond between them, rather than in one long task when the list arrives (Lighthouse's total blocking
  // time); the spinner stays until it is ready.
  const listed = useDeferredValue(archive.data);
  const commentsByQuestion = useDeferredValue(comments.data);
  const questions = listed ?? [];
  // The first few cards, then more on request: the rest were laid out and hydrated for a reader who rarely scrolls
  // that far (each card carries its provinces), and the page grew past a phone's ten screens.
  const [shown, setShown] = useState(ARCHIVE_FIRST);
  // "Show more" moves focus to the first card it revealed, so a keyboard or screen reader user continues there
  // rather than on a button that moved down past cards they never heard.
  const listRef = useRef<HTMLDivElement>(null);
  const revealedFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = revealedFrom.current;
    revealedFrom.current = null;
    const card = from === null ? undefined : listRef.current?.querySelectorAll<HTMLElement>(':scope > [data-question-id]')[from];
    if (!card) return;
    card.tabIndex = -1;
    card.focus();
  }, [shown]);
  const showMore = () => {
    revealedFrom.current = shown;
    setShown((n) => n + ARCHIVE_MORE);
  };
  // A shared link (/q/{id}) shows that question in the hero, as the page carries it (not rendered on the server).
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
              <span className="brand__tagline">{t('shell.tagline')}</span>
            </span>
          </div>
          <span className="landing-header__actions">
            <LanguageSwitch compact />
            <Button variant="gold" size="sm" onClick={join}>
              {t('landing.join')}
            </Button>
          </span>
        </div>
      </header>

      <main id="main" className="landing-main">
        <TodayQuestion
          question={shared ?? today.data?.[0]}
          loading={!shared && today.isPending}
          failed={today.isError}
          now={now}
          onJoin={join}
          onChoose={choose}
          onLogin={() => openAuth('login')}
          withResolution={!!shared}
        />

        <section className="archive" aria-labelledby="archive-title">
          <div className="section-heading">
            <h2 className="section-heading__title" id="archive-title">
              {t('landing.recentTitle')}
            </h2>
            <p className="section-heading__text">{t('landing.recentText')}</p>
          </div>
          {archive.isPending || (!archive.isError && listed === undefined) ? (
            <Spinner label={t('landing.recentLoading')} />
          ) : archive.isError ? (
            <p className="empty-note">{t('landing.recentFailed')}</p>
          ) : questions.length === 0 ? (
            <p className="empty-note">{t('landing.recentEmpty')}</p>
          ) : (
            <div className="stack" id="archive-list" ref={listRef}>
              {questions.slice(0, shown).map((q) => (
                <ArchiveQuestionCard key={q.id} question={q} comments={commentsByQuestion?.[q.id]} now={now} onJoin={join} />
              ))}
              {questions.length > shown && (
                <Button variant="outline" block aria-controls="archive-list" onClick={showMore}>
                  {t('landing.showMore')}
                </Button>
              )}
            </div>
          )}
        </section>

        <NewsletterCard />
        <NotificationsCard onEnable={join} />

        <Card className="cta-card">
          <CardContent>
            <h2 className="cta-card__title">{t('landing.ctaTitle')}</h2>
            <p className="cta-card__text">{t('landing.ctaText')}</p>
            <Button size="lg" block onClick={join}>
              {t('landing.ctaButton')}
            </Button>
          </CardContent>
        </Card>
      </main>

      <footer className="landing-footer">
        <p>
          {PRODUCT_NAME} · {t('shell.tagline')}
        </p>
        <p>
          <Link to="/privacy">{t('landing.privacy')}</Link>
        </p>
      </footer>
    </div>
  );
}
