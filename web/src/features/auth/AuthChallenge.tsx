// The proof-of-work check of the sign-in dialog, shown past the login budget (docs/security.md "Login protection").
import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui';
import type { AltchaState } from './AltchaField';
import { useT, type MessageKey } from '../../i18n';

// The widget's code loads only when the gateway asks for a proof-of-work check.
const AltchaField = lazy(() =>
  import('./AltchaField').catch(() => ({
    default: function CheckNotLoaded() {
      const t = useT();
      return (
        <p className="auth-dialog__challenge-error" role="alert">
          {t('auth.checkLoadFailed')}
        </p>
      );
    },
  })),
);

/** The proof-of-work check: shown once the server asks for it (429 challengeRequired), then for every attempt. */
export interface Challenge {
  needed: boolean;
  message: string;
  /** Bumped after each attempt that used the payload (it opens the door once). */
  round: number;
  state: AltchaState;
  payload: string | null;
}
export const NO_CHALLENGE: Challenge = { needed: false, message: '', round: 0, state: 'unverified', payload: null };

const CHALLENGE_STATUS: Partial<Record<AltchaState, MessageKey>> = {
  verifying: 'auth.checkingBrowser',
  verified: 'auth.checkComplete',
  error: 'auth.checkFailed',
};

/** The check's message, the widget (loaded on demand) and its status for screen readers. */
export function ChallengeCheck({
  challenge,
  onChange,
}: {
  challenge: Challenge;
  onChange: (state: AltchaState, payload: string | null) => void;
}) {
  const t = useT();
  return (
    <div className="auth-dialog__challenge">
      <p className="auth-dialog__challenge-message" role="alert">
        {challenge.message}
      </p>
      <Suspense fallback={<Spinner label={t('auth.loadingCheck')} />}>
        <AltchaField round={challenge.round} onChange={onChange} />
      </Suspense>
      <p className="visually-hidden" aria-live="polite">
        {CHALLENGE_STATUS[challenge.state] ? t(CHALLENGE_STATUS[challenge.state]!) : ''}
      </p>
    </div>
  );
}
