import { Button, Card, CardContent } from '../../ui';
import { formatDayLabel } from '../../lib/time';
import { useNow } from '../../lib/useNow';
import { useOpenAuthDialog } from '../auth/authDialogState';
import { BrandMark, FlagStripe, PRODUCT_NAME, TAGLINE } from '../shell/Brand';

/**
 * What signed-out visitors see on every route (spec §2).
 * Later issues add today's first question, the public archive, newsletter and notification cards.
 */
export function LandingPage() {
  const openAuth = useOpenAuthDialog();
  const now = useNow(60_000);

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
          <Button variant="gold" size="sm" onClick={() => openAuth('signup')}>
            Join
          </Button>
        </div>
      </header>

      <main id="main" className="landing-main">
        <section className="hero" aria-labelledby="hero-title">
          <p className="hero__day">{formatDayLabel(now)}</p>
          <h1 className="hero__title" id="hero-title">
            South Africa&apos;s daily political prediction game
          </h1>
          <p className="hero__lead">One question a day — can you call it?</p>
          <div className="hero__actions">
            <Button variant="gold" size="lg" block onClick={() => openAuth('signup')}>
              Start Predicting
            </Button>
            <Button variant="outline-light" size="lg" block onClick={() => openAuth('login')}>
              Log In
            </Button>
          </div>
        </section>

        <Card className="cta-card">
          <CardContent>
            <h2 className="cta-card__title">Ready to make your first prediction?</h2>
            <p className="cta-card__text">
              Answer today&apos;s question, see how South Africa voted and compare your calls with friends.
            </p>
            <Button size="lg" block onClick={() => openAuth('signup')}>
              Create an account
            </Button>
          </CardContent>
        </Card>
      </main>

      <footer className="landing-footer">
        <p>
          {PRODUCT_NAME} · {TAGLINE}
        </p>
      </footer>
    </div>
  );
}
