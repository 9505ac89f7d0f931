import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useAtom } from 'jotai';
import { useMutation } from '@tanstack/react-query';
import { Button, Dialog, Input, Label, Tabs, toast, toastError } from '../../ui';
import { serverMessage } from '../../lib/api';
import { login, signup } from './api';
import { authDialogAtom, type AuthMode } from './authDialogState';
import { useSignIn } from './useSession';
import type { LoginInput, SignupInput } from './types';

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

const EMPTY_FORM: SignupInput = { username: '', password: '', name: '', email: '', phoneNumber: '' };

/** The sign-in dialog: login (username, password) and signup (plus full name, optional email and phone). */
export function AuthDialog() {
  const [{ open, mode }, setState] = useAtom(authDialogAtom);
  const [form, setForm] = useState<SignupInput>(EMPTY_FORM);
  const signIn = useSignIn();

  useEffect(() => {
    if (!open) setForm(EMPTY_FORM);
  }, [open]);

  const setMode = (next: AuthMode) => setState({ open, mode: next });
  const close = () => setState({ open: false, mode });
  const update = (key: keyof SignupInput) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const loginMutation = useMutation({
    mutationFn: (input: LoginInput) => login(input),
    onSuccess: (user) => {
      void signIn(user);
      close();
      toast({ title: 'Welcome back!', description: `Signed in as @${user.username}` });
    },
    onError: (error) => toastError(serverMessage(error, 'Invalid username or password'), 'Login Failed'),
  });

  const signupMutation = useMutation({
    mutationFn: (input: SignupInput) => signup(input),
    onSuccess: (user) => {
      void signIn(user);
      close();
      toast({ title: 'Account created', description: `Welcome to Mzansi Predicts, ${user.name}!` });
    },
    onError: (error) => toastError(serverMessage(error, 'Failed to create account'), 'Signup Failed'),
  });

  const pending = loginMutation.isPending || signupMutation.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const username = form.username.trim();
    if (mode === 'login') {
      if (!username || !form.password) {
        toastError('Please enter both username and password', 'Missing Information');
        return;
      }
      loginMutation.mutate({ username, password: form.password });
      return;
    }
    const name = form.name.trim();
    if (!username || !form.password || !name) {
      toastError('Please fill in all required fields', 'Missing Information');
      return;
    }
    signupMutation.mutate({
      username,
      password: form.password,
      name,
      email: form.email.trim(),
      phoneNumber: form.phoneNumber.trim(),
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
          </>
        )}
        <Button type="submit" size="lg" block disabled={pending} aria-busy={pending}>
          {isLogin ? (pending ? 'Logging in...' : 'Log In') : pending ? 'Creating account...' : 'Create Account'}
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
