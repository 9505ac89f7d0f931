import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Dialog, FormField, Tabs, focusFirstInvalid, toast } from '../../ui';
import { ApiError, serverMessage } from '../../lib/api';
import { login, signup } from './api';
import { ConsentField } from './AuthFields';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { ChallengeCheck, NO_CHALLENGE, type Challenge } from './AuthChallenge';
import { isChallengeRequired } from './challenge';
import { authDialogAtom, type AuthMode } from './authDialogState';
import { useSetUser } from './useSession';
import { readIntent } from '../landing/intent';
import { PASSWORD_MIN, signupErrors, type SignupFields } from './signupRules';
import type { LoginInput, SignupInput } from './types';
import { useT } from '../../i18n';

type Form = SignupFields;
const EMPTY_FORM: Form = { username: '', password: '', name: '', consent: false };
/** What is wrong, per field (translated), and what is wrong with the whole attempt (a server's answer). */
type Errors = Partial<Record<keyof Form | 'form', string>>;

/**
 * The sign-in dialog: login (username, password) and signup (username, password, full name and consent; e-mail,
 * phone and province come after the first vote). Every mistake shows under its field, all at once, never as a toast.
 */
export function AuthDialog() {
  const t = useT();
  const [{ open, mode, stay }, setState] = useAtom(authDialogAtom);
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [challenge, setChallenge] = useState<Challenge>(NO_CHALLENGE);
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  // "Forgot password?": the dialog shows its own form instead of the tabs, until "Back to log in" or closing.
  const [forgot, setForgot] = useState(false);
  const signIn = useSetUser();

  useEffect(() => {
    if (!open) setForm(EMPTY_FORM);
    setChallenge(NO_CHALLENGE);
    setErrors({});
    setForgot(false);
  }, [open, mode]);

  // Errors render with the next paint; the first field named gets the focus then.
  useEffect(() => {
    if (Object.keys(errors).length) focusFirstInvalid(formRef.current);
  }, [errors]);

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

  const setMode = (next: AuthMode) => setState({ open, mode: next, stay });
  const close = () => setState({ open: false, mode });
  const update = (key: Exclude<keyof Form, 'consent'>) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const navigate = useNavigate();

  const loginMutation = useMutation({
    mutationFn: (input: LoginInput) => login(input),
    onSuccess: (user) => {
      void signIn(user);
      close();
      // A YES / NO tapped on the landing page before signing in: that question, with the choice preselected, is next.
      if (readIntent() && !stay) void navigate('/vote');
      toast({ title: t('auth.welcomeBack'), description: t('auth.signedInAs', { username: user.username }) });
    },
    onError: (error) => {
      if (!afterError(error)) setErrors({ form: `${t('auth.loginFailed')}: ${serverMessage(error, t('auth.loginInvalid'))}` });
    },
  });

  const signupMutation = useMutation({
    mutationFn: (input: SignupInput) => signup(input),
    onSuccess: (user) => {
      void signIn(user);
      close();
      // Today's question is what a new player came for: /vote, from its top. The welcome sits in the header's band.
      // (Not from the embed's answer popup: the reader came to answer the question there.)
      if (!stay) {
        window.scrollTo(0, 0);
        void navigate('/vote');
      }
      toast({ title: t('auth.accountCreated'), description: t('auth.welcome', { name: user.name }) });
    },
    onError: (error) => {
      if (afterError(error)) return;
      const message = serverMessage(error, t('auth.signupError'));
      // A taken or refused username belongs under the username; anything else under the whole form.
      const code = error instanceof ApiError ? error.code : undefined;
      setErrors(code === 'userTaken' || code === 'userUsername' ? { username: message } : { form: `${t('auth.signupFailed')}: ${message}` });
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
      const missing: Errors = {
        ...(!username && { username: t('auth.rule.usernameMissing') }),
        ...(!form.password && { password: t('auth.rule.passwordMissing') }),
      };
      if (Object.keys(missing).length) missing.form = `${t('auth.missingInfo')}: ${t('auth.enterBoth')}`;
      setErrors(missing);
      if (Object.keys(missing).length) return;
      loginMutation.mutate({ username, password: form.password, ...altcha });
      return;
    }
    const problems = signupErrors(form);
    const translated: Errors = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)]));
    // The spec's words for a required field left empty, above the button; each field says which.
    if (!username || !form.password || !form.name.trim()) translated.form = t('auth.fillRequired');
    setErrors(translated);
    if (Object.keys(translated).length) return;
    signupMutation.mutate({ username, password: form.password, name: form.name.trim(), consent: true, ...altcha });
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
          <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
            <FormField
              label={t('auth.username')}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={form.username}
              onChange={update('username')}
              hint={isLogin ? undefined : t('auth.usernameHint')}
              error={errors.username}
              data-autofocus
            />
            <FormField
              label={t('auth.password')}
              name="password"
              type="password"
              autoComplete={isLogin ? 'current-password' : 'new-password'}
              value={form.password}
              onChange={update('password')}
              minLength={isLogin ? undefined : PASSWORD_MIN}
              hint={isLogin ? undefined : t('auth.passwordHint')}
              error={errors.password}
              revealLabel={t('auth.showPassword')}
            />
            {!isLogin && (
              <>
                <FormField
                  label={t('auth.fullName')}
                  name="name"
                  autoComplete="name"
                  value={form.name}
                  onChange={update('name')}
                  hint={t('auth.fullNameHint')}
                  error={errors.name}
                />
                <ConsentField
                  checked={form.consent}
                  onChange={(consent) => {
                    setForm((f) => ({ ...f, consent }));
                    if (consent) setErrors(({ consent: _, ...rest }) => rest);
                  }}
                  showError={!!errors.consent && !form.consent}
                />
              </>
            )}
            {errors.form && (
              <p className="field__error" role="alert">
                {errors.form}
              </p>
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
