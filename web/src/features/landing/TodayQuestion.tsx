import { Badge, Button, Spinner } from '../../ui';
import { formatDayLabel } from '../../lib/time';
import { questionWithMark } from '../questions/results';
import { SampleBadge } from '../questions/QuestionCards';
import type { Question } from '../questions/types';

/** The hero: today's first question with YES / NO (open the sign-in dialog), a live badge, and the sign-in calls. */
export function TodayQuestion({
  question,
  loading,
  failed,
  now,
  onJoin,
  onLogin,
}: {
  question: Question | undefined;
  loading: boolean;
  failed: boolean;
  now: Date;
  onJoin: () => void;
  onLogin: () => void;
}) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__top">
        <p className="hero__day">{formatDayLabel(now)}</p>
        {question && (
          <span className="hero__badges">
            {question.isSample && <SampleBadge />}
            {question.isResolved ? (
              <Badge variant="gold">Resolved</Badge>
            ) : (
              <Badge variant="live" className="hero__live">
                LIVE
              </Badge>
            )}
          </span>
        )}
      </div>
      {loading ? (
        <div className="hero__loading">
          <Spinner label="Loading today's question" />
        </div>
      ) : question ? (
        <>
          <p className="hero__kicker">Today&apos;s question</p>
          <h1 className="hero__title hero__title--question" id="hero-title">
            {questionWithMark(question.text)}
          </h1>
          {question.context && <p className="hero__context">{question.context}</p>}
          <div className="hero__vote" role="group" aria-label="Your prediction">
            {question.options.slice(0, 2).map((option, i) => (
              <button
                key={option.id}
                type="button"
                className={`vote-btn ${i === 0 ? 'vote-btn--yes' : 'vote-btn--no'}`}
                onClick={onJoin}
              >
                {option.text.toUpperCase()}
              </button>
            ))}
          </div>
          <p className="hero__hint">
            {question.isResolved
              ? 'This question has been resolved. Sign in to see how South Africa voted.'
              : 'Sign in to lock in your prediction and see how South Africa voted.'}
          </p>
        </>
      ) : failed ? (
        <>
          <h1 className="hero__title" id="hero-title">
            South Africa&apos;s daily political prediction game
          </h1>
          <p className="hero__lead">Today&apos;s question could not be loaded right now. Please try again shortly.</p>
        </>
      ) : (
        <>
          <h1 className="hero__title" id="hero-title">
            No Questions Today
          </h1>
          <p className="hero__lead">Check back tomorrow for new questions!</p>
        </>
      )}
      <div className="hero__actions">
        <Button variant="gold" size="lg" block onClick={onJoin}>
          Start Predicting
        </Button>
        <Button variant="outline-light" size="lg" block onClick={onLogin}>
          Log In
        </Button>
      </div>
    </section>
  );
}
