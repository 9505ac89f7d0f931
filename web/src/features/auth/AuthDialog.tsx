import { useEffect, useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Dialog, Tabs, toast, toastError } from '../../ui';
import { serverMessage } from '../../lib/api';
import { login, signup } from './api';
import { ConsentField, Field } from './AuthFields';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { ChallengeCheck, NO_CHALLENGE, type Challenge } from './AuthChallenge';
import { isChallengeRequired } from './challenge';
import { authDialogAtom, type AuthMode } from './authDialogState';
import { useSetUser } from './useSession';
import { readIntent } from '../landing/intent';
import { PASSWORD_MIN, SIGNUP_MESSAGES, signupProblem } from './signupRules';
import type { LoginInput, SignupInput } from './types';
import { ProvinceSelect } from '../provinces/ProvinceSelect';
import { useT, type MessageKey } from '../../i18n';

const EMPTY_FORM: SignupInput = { username: '', password: '', name: '', email: '', phoneNumber: '', province: '', consent: false };

/** signupRules' problems (English, as the server words them) in the active language. */
const RULE_KEYS: Record<string, MessageKey> = {
  [SIGNUP_MESSAGES.username]: 'auth.rule.username',
  [SIGNUP_MESSAGES.passwordShort]: 'auth.rule.passwordShort',
  [SIGNUP_MESSAGES.phone]: 'auth.rule.phone',
  [SIGNUP_MESSAGES.whatsappPhone]: 'auth.rule.whatsappPhone',
};

/** The sign-in dialog: login (username, password) and signup (plus full name, optional email and phone). */
export function AuthDialog() {
  const t = useT();
  const [{ open, mode }, setState] = useAtom(authDialogAtom);
  const [form, setForm] = useState<SignupInput>(EMPTY_FORM);
  const [challenge, setChallenge] = useState<Challenge>(NO_CHALLENGE);
  const [consentMissing, setConsentMissing] = useState(false);
  // "Forgot password?": the dialog shows its own form instead of the tabs, until "Back to log in" or closing.
  const [forgot, setForgot] = useState(false);
  const signIn = useSetUser();

  useEffect(() => {
    if (!open) setForm(EMPTY_FORM);
    setChallenge(NO_CHALLENGE);
    setConsentMissing(false);
    setForgot(false);
  }, [open, mode]);

  /** After a failed attempt: a challenge asked for shows the widget; a payload sent is spent, so a fresh check starts. */
  const afterError = (error: unknown): boolean => {
    const asked = isChallengeRequired(error);
    setChallenge((c) => {
      if (!asked && !c.needed) return c;
      const message = asked ? serverMessage(error, t('auth.completeCheck')) : c.message;
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
      toast({ title: t('auth.welcomeBack'), description: t('auth.signedInAs', { username: user.username }) });
    },
    onError: (error) => {
      if (!afterError(error)) toastError(serverMessage(error, t('auth.loginInvalid')), t('auth.loginFailed'));
    },
  });

  const signupMutation = useMutation({
    mutationFn: (input: SignupInput) => signup(input),
    onSuccess: (user) => {
      void signIn(user);
      close();
      toIntendedQuestion();
      toast({ title: t('auth.accountCreated'), description: t('auth.welcome', { name: user.name }) });
    },
    onError: (error) => {
      if (!afterError(error)) toastError(serverMessage(error, t('auth.signupError')), t('auth.signupFailed'));
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
        toastError(t('auth.enterBoth'), t('auth.missingInfo'));
        return;
      }
      loginMutation.mutate({ username, password: form.password, ...altcha });
      return;
    }
    const name = form.name.trim();
    if (!username || !form.password || !name) {
      toastError(t('auth.fillRequired'), t('auth.missingInfo'));
      return;
    }
    const problem = signupProblem(form);
    if (problem) {
      toastError(RULE_KEYS[problem] ? t(RULE_KEYS[problem]) : problem, t('auth.signupFailed'));
      return;
    }
    if (!form.consent) {
      setConsentMissing(true);
      toastError(t('auth.consentMissing'), t('auth.missingInfo'));
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
      title={forgot ? t('auth.forgotTitle') : isLogin ? t('auth.titleLogin') : t('auth.titleSignup')}
      description={t('auth.description')}
      className="auth-dialog"
    >
      {forgot ? (
        <ForgotPasswordForm initialUsername={form.username.trim()} onBack={() => setForgot(false)} />
      ) : (
        <>
          <Tabs<AuthMode>
            label={t('auth.tabsLabel')}
            value={mode}
            onValueChange={setMode}
            items={[
              { value: 'login', label: t('auth.tabLogin') },
              { value: 'signup', label: t('auth.tabSignup') },
            ]}
          />
          <form className="form" onSubmit={onSubmit} noValidate>
            <Field
              label={t('auth.username')}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={form.username}
              onChange={update('username')}
              data-autofocus
            />
            <Field
              label={t('auth.password')}
              name="password"
              type="password"
              autoComplete={isLogin ? 'current-password' : 'new-password'}
              value={form.password}
              onChange={update('password')}
              minLength={isLogin ? undefined : PASSWORD_MIN}
              hint={isLogin ? undefined : t('auth.passwordHint')}
            />
            {!isLogin && (
              <>
                <Field label={t('auth.fullName')} name="name" autoComplete="name" value={form.name} onChange={update('name')} />
                <Field
                  label={t('auth.email')}
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  optional
                  value={form.email}
                  onChange={update('email')}
                />
                <Field
                  label={t('auth.phone')}
                  name="phoneNumber"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  optional
                  value={form.phoneNumber}
                  onChange={update('phoneNumber')}
                  hint={t('auth.phoneHint')}
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
              <ChallengeCheck challenge={challenge} onChange={(state, payload) => setChallenge((c) => ({ ...c, state, payload }))} />
            )}
            <Button type="submit" size="lg" block disabled={pending || awaitingCheck} aria-busy={pending || challenge.state === 'verifying'}>
              {pending
                ? isLogin
                  ? t('auth.loggingIn')
                  : t('auth.creating')
                : challenge.needed && challenge.state === 'verifying'
                  ? t('auth.checking')
                  : isLogin
                    ? t('auth.tabLogin')
                    : t('auth.createAccount')}
            </Button>
          </form>
          {isLogin && (
            <p className="auth-dialog__switch">
              <button type="button" className="link-button" onClick={() => setForgot(true)}>
                {t('auth.forgotLink')}
              </button>
            </p>
          )}
          <p className="auth-dialog__switch">
            {isLogin ? t('auth.noAccount') : t('auth.haveAccount')}{' '}
            <button type="button" className="link-button" onClick={() => setMode(isLogin ? 'signup' : 'login')}>
              {isLogin ? t('auth.signUpLink') : t('auth.logInLink')}
            </button>
          </p>
        </>
      )}
    </Dialog>
  );
}
