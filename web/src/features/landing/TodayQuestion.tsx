import { Badge, Button, Spinner } from '../../ui';
import { useDayLabel } from '../../lib/useNow';
import { SampleBadge } from '../questions/QuestionCards';
import { BlindBadge } from '../questions/blind';
import { ResolutionSource } from '../questions/ResolutionSource';
import type { Question } from '../../entities/question/types';
import { heroOptions, heroTitle } from './todayHero';
import { useLanguage, useT } from '../../i18n';
import { translatedQuestion } from '../../entities/question/translated';
import { ClosedNote, QuestionCriteria } from '../questions/QuestionDetails';
import { useClosed } from '../questions/closing';

/**
 * The hero: today's first question with YES / NO (open the sign-in dialog), a live badge, and the sign-in calls.
 */
export function TodayQuestion({
  question: original,
  loading,
  failed,
  now,
  onJoin,
  onChoose,
  onLogin,
  withResolution = false,
}: {
  question: Question | undefined;
  loading: boolean;
  failed: boolean;
  now: Date;
  onJoin: () => void;
  /** YES / NO tapped: remembered through signup. Without it, the buttons just open signup. */
  onChoose?: (questionId: string, optionId: string) => void;
  onLogin: () => void;
  /**
   * Show how it was resolved (its source): for a shared link's question, which the page carries and the browser
   * renders (never the server: the day's words are the browser's Intl, which the server's might not match).
   */
  withResolution?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const question = original && translatedQuestion(original, language);
  const dayLabel = useDayLabel(now);
  // Past its close time: no YES / NO, the time it closed instead (the vote screen shows its results).
  const closed = useClosed({ isClosed: original?.isClosed ?? false, closesAt: original?.closesAt ?? null }) && !original?.isResolved;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__top">
        <p className="hero__day">{dayLabel}</p>
        {question && (
          <span className="hero__badges">
            {question.isSample && <SampleBadge />}
            {question.isBlind && <BlindBadge />}
            {question.isResolved ? (
              <Badge variant="gold">{t('badge.resolved')}</Badge>
            ) : closed ? (
              <Badge variant="secondary">{t('vote.closedBadge')}</Badge>
            ) : (
              <Badge variant="live" className="hero__live">
                {t('badge.live')}
              </Badge>
            )}
          </span>
        )}
      </div>
      {loading ? (
        <div className="hero__loading">
          <Spinner label={t('landing.loadingToday')} />
        </div>
      ) : question ? (
        <>
          <p className="hero__kicker">{t('landing.kicker')}</p>
          <h1 className="hero__title hero__title--question" id="hero-title">
            {heroTitle(question)}
          </h1>
          {question.context && <p className="hero__context">{question.context}</p>}
          <QuestionCriteria text={question.resolutionCriteria} className="qcriteria--hero" />
          {withResolution && <ResolutionSource question={question} className="hero__resolution" />}
          {closed ? (
            <ClosedNote closesAt={question.closesAt} className="qclosed--hero" />
          ) : (
            <div className="hero__vote" role="group" aria-label={t('landing.yourPrediction')}>
              {heroOptions(question).map((option, i) => (
                <button
                  key={option.id}
                  type="button"
                  className={`vote-btn ${i === 0 ? 'vote-btn--yes' : 'vote-btn--no'}`}
                  onClick={onChoose ? () => onChoose(question.id, option.id) : onJoin}
                >
                  {option.label}
                </button>
              ))}
            </div>
          )}
          {!closed && <p className="hero__hint">{question.isResolved ? t('landing.hintResolved') : t('landing.hintOpen')}</p>}
        </>
      ) : failed ? (
        <>
          <h1 className="hero__title" id="hero-title">
            {t('landing.failedTitle')}
          </h1>
          <p className="hero__lead">{t('landing.failedLead')}</p>
        </>
      ) : (
        <>
          <h1 className="hero__title" id="hero-title">
            {t('vote.noneTitle')}
          </h1>
          <p className="hero__lead">{t('vote.noneText')}</p>
        </>
      )}
      <div className="hero__actions">
        <Button variant="gold" size="lg" block onClick={onJoin}>
          {t('landing.startPredicting')}
        </Button>
        <Button variant="outline-light" size="lg" block onClick={onLogin}>
          {t('landing.login')}
        </Button>
      </div>
    </section>
  );
}
