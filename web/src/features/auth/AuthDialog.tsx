import { lazy, Suspense, useEffect, useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useAtom } from 'jotai';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Dialog, Input, Label, Spinner, Tabs, toast, toastError } from '../../ui';
import { serverMessage } from '../../lib/api';
import type { AltchaState } from './AltchaField';
import { login, signup } from './api';
import { isChallengeRequired } from './challenge';
import { authDialogAtom, type AuthMode } from './authDialogState';
import { useSignIn } from './useSession';
import { readIntent } from '../landing/intent';
import { PASSWORD_MIN, signupProblem } from './signupRules';
import type { LoginInput, SignupInput } from './types';
import { ProvinceSelect } from '../provinces/ProvinceSelect';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  optional?: boolean;
}

function Field({ label, hint, optional, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <Label htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </Label>
      <Input id={id} aria-describedby={hint ? hintId : undefined} aria-required={!optional} {...input} />
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

const EMPTY_FORM: SignupInput = { username: '', password: '', name: '', email: '', phoneNumber: '', province: '', consent: false };

export const CONSENT_MESSAGE = 'Please accept the privacy notice to continue';

/**
 * POPIA: predictions reveal political opinions, so signing up needs explicit consent — an unticked box with a
 * one-line summary and the notice's link (it opens in a new tab so the form keeps what was typed).
 */
function ConsentField({ checked, onChange, showError }: { checked: boolean; onChange: (next: boolean) => void; showError: boolean }) {
  const id = useId();
  return (
    <div className="consent-field">
      <label className="consent-field__box" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="consent"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={showError || undefined}
          aria-describedby={showError ? `${id}-error` : undefined}
        />
        <span>I agree that Mzansi Predicts may keep my predictions, which can show my political views, to run the game.</span>
      </label>
      <a className="consent-field__link" href="/privacy" target="_blank" rel="noopener">
        Read the privacy notice (opens in a new tab)
      </a>
      {showError && (
        <p className="consent-field__error" id={`${id}-error`} role="alert">
          {CONSENT_MESSAGE}
        </p>
      )}
    </div>
  );
}

// The widget's code loads only when the gateway asks for a proof-of-work check.
const AltchaField = lazy(() =>
  import('./AltchaField').catch(() => ({
    default: () => (
      <p className="auth-dialog__challenge-error" role="alert">
        The check could not load. Please check your connection and reload the page.
      </p>
    ),
  })),
);

/** The proof-of-work check: shown once the server asks for it (429 challengeRequired), then for every attempt. */
interface Challenge {
  needed: boolean;
  message: string;
  /** Bumped after each attempt that used the payload (it opens the door once). */
  round: number;
  state: AltchaState;
  payload: string | null;
}
const NO_CHALLENGE: Challenge = { needed: false, message: '', round: 0, state: 'unverified', payload: null };

const CHALLENGE_STATUS: Partial<Record<AltchaState, string>> = {
  verifying: 'Checking your browser…',
  verified: 'Check complete.',
  error: 'The check failed. Tick the box to try again.',
};

/** The sign-in dialog: login (username, password) and signup (plus full name, optional email and phone). */
export function AuthDialog() {
  const [{ open, mode }, setState] = useAtom(authDialogAtom);
  const [form, setForm] = useState<SignupInput>(EMPTY_FORM);
  const [challenge, setChallenge] = useState<Challenge>(NO_CHALLENGE);
  const [consentMissing, setConsentMissing] = useState(false);
  const signIn = useSignIn();

  useEffect(() => {
    if (!open) setForm(EMPTY_FORM);
    setChallenge(NO_CHALLENGE);
    setConsentMissing(false);
  }, [open, mode]);

  /** After a failed attempt: a challenge asked for shows the widget; a payload sent is spent, so a fresh check starts. */
  const afterError = (error: unknown): boolean => {
    const asked = isChallengeRequired(error);
    setChallenge((c) => {
      if (!asked && !c.needed) return c;
      const message = asked ? serverMessage(error, 'Please complete the check to continue.') : c.message;
      return { ...c, needed: true, message, round: c.needed ? c.round + 1 : c.round, state: c.needed ? 'verifying' : c.state, payload: null };
    });
    return asked;
  };

  const setMode = (next: AuthMode) => setState({ open, mode: next });
  const close = () => setState({ open: false, mode });
  const update = (key: Exclude<keyof SignupInput, 'consent'>) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const navigate = useNavigate();
  // A YES / NO tapped on the landing page before signing up: that question, with the choice preselected, is next.
  const toIntendedQuestion = () => {
    if (readIntent()) void navigate('/vote');
  };

  const loginMutation = useMutation({
    mutationFn: (input: LoginInput) => login(input),
    onSuccess: (user) => {
      void signIn(user);
      close();
      toIntendedQuestion();
      toast({ title: 'Welcome back!', description: `Signed in as @${user.username}` });
    },
    onError: (error) => {
      if (!afterError(error)) toastError(serverMessage(error, 'Invalid username or password'), 'Login Failed');
    },
  });

  const signupMutation = useMutation({
    mutationFn: (input: SignupInput) => signup(input),
    onSuccess: (user) => {
      void signIn(user);
      close();
      toIntendedQuestion();
      toast({ title: 'Account created', description: `Welcome to Mzansi Predicts, ${user.name}!` });
    },
    onError: (error) => {
      if (!afterError(error)) toastError(serverMessage(error, 'Failed to create account'), 'Signup Failed');
    },
  });

  const pending = loginMutation.isPending || signupMutation.isPending;
  // While a check is asked for, the form waits for its payload.
  const awaitingCheck = challenge.needed && !challenge.payload;
  const altcha = challenge.needed && challenge.payload ? { altcha: challenge.payload } : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || awaitingCheck) return;
    const username = form.username.trim();
    if (mode === 'login') {
      if (!username || !form.password) {
        toastError('Please enter both username and password', 'Missing Information');
        return;
      }
      loginMutation.mutate({ username, password: form.password, ...altcha });
      return;
    }
    const name = form.name.trim();
    if (!username || !form.password || !name) {
      toastError('Please fill in all required fields', 'Missing Information');
      return;
    }
    const problem = signupProblem(form);
    if (problem) {
      toastError(problem, 'Signup Failed');
      return;
    }
    if (!form.consent) {
      setConsentMissing(true);
      toastError(CONSENT_MESSAGE, 'Missing Information');
      return;
    }
    signupMutation.mutate({
      username,
      password: form.password,
      name,
      email: form.email.trim(),
      phoneNumber: form.phoneNumber.trim(),
      ...(form.province && { province: form.province }),
      consent: true,
      ...altcha,
    });
  };

  const isLogin = mode === 'login';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => setState({ open: next, mode })}
      title={isLogin ? 'Log in to Mzansi Predicts' : 'Join Mzansi Predicts'}
      description="Make one political prediction a day"
      className="auth-dialog"
    >
      <Tabs<AuthMode>
        label="Sign in or create an account"
        value={mode}
        onValueChange={setMode}
        items={[
          { value: 'login', label: 'Log In' },
          { value: 'signup', label: 'Sign Up' },
        ]}
      />
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={form.username}
          onChange={update('username')}
          data-autofocus
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete={isLogin ? 'current-password' : 'new-password'}
          value={form.password}
          onChange={update('password')}
          minLength={isLogin ? undefined : PASSWORD_MIN}
          hint={isLogin ? undefined : 'At least 8 characters'}
        />
        {!isLogin && (
          <>
            <Field label="Full Name" name="name" autoComplete="name" value={form.name} onChange={update('name')} />
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              optional
              value={form.email}
              onChange={update('email')}
            />
            <Field
              label="Phone Number"
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              optional
              value={form.phoneNumber}
              onChange={update('phoneNumber')}
              hint="Include country code, e.g. +27..."
            />
            <ProvinceSelect value={form.province ?? ''} onChange={(province) => setForm((f) => ({ ...f, province }))} />
            <ConsentField
              checked={form.consent}
              onChange={(consent) => {
                setForm((f) => ({ ...f, consent }));
                if (consent) setConsentMissing(false);
              }}
              showError={consentMissing && !form.consent}
            />
          </>
        )}
        {challenge.needed && (
          <div className="auth-dialog__challenge">
            <p className="auth-dialog__challenge-message" role="alert">
              {challenge.message}
            </p>
            <Suspense fallback={<Spinner label="Loading the check" />}>
              <AltchaField
                round={challenge.round}
                onChange={(state, payload) => setChallenge((c) => ({ ...c, state, payload }))}
              />
            </Suspense>
            <p className="visually-hidden" aria-live="polite">
              {CHALLENGE_STATUS[challenge.state] ?? ''}
            </p>
          </div>
        )}
        <Button type="submit" size="lg" block disabled={pending || awaitingCheck} aria-busy={pending || challenge.state === 'verifying'}>
          {pending
            ? isLogin
              ? 'Logging in...'
              : 'Creating account...'
            : challenge.needed && challenge.state === 'verifying'
              ? 'Checking...'
              : isLogin
                ? 'Log In'
                : 'Create Account'}
        </Button>
      </form>
      <p className="auth-dialog__switch">
        {isLogin ? "Don't have an account? " : 'Already have an account? '}
        <button type="button" className="link-button" onClick={() => setMode(isLogin ? 'signup' : 'login')}>
          {isLogin ? 'Sign up' : 'Log in'}
        </button>
      </p>
    </Dialog>
  );
}
