import '../../i18n/later';
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, FormField } from '../../ui';
import { serverMessage } from '../../lib/api';
import { PASSWORD_MIN } from '../auth/signupRules';
import { useSetUser } from '../auth/useSession';
import { PRODUCT_NAME } from '../shell/Brand';
import { MailLinkFrame } from './MailLinkFrame';
import { confirmPasswordReset } from './api';
import { useT } from '../../i18n';

/**
 * /reset-password?token=…: the page a password reset mail links to. Nothing happens on load (mail scanners open
 * links); the new password is sent when the person presses the button, under the signup rules. On success every
 * other session of the account has ended and this browser is signed in.
 */
export function ResetPasswordPage() {
  const t = useT();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const navigate = useNavigate();
  const setUser = useSetUser();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<{ password?: string; repeat?: string }>({});
  const reset = useMutation({
    mutationFn: () => confirmPasswordReset(token, password),
    onSuccess: (user) => setUser(user),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    // Both named at once, each under its field.
    const found = {
      ...(password.length < PASSWORD_MIN && { password: t('auth.rule.passwordShort') }),
      ...(password !== repeat && { repeat: t('account.resetMismatch') }),
    };
    setProblems(found);
    if (Object.keys(found).length) return;
    reset.mutate();
  };
  const error = reset.isError ? serverMessage(reset.error, t('account.resetFailed')) : '';
  return (
    <MailLinkFrame title={t('account.resetTitle')} description={t('account.resetText')}>
      {!token ? (
        <p role="alert" className="mail-link__error">
          {t('account.mailIncomplete')}
        </p>
      ) : reset.isSuccess ? (
        <>
          <p role="status" className="mail-link__done">
            {t('account.resetDone')}
          </p>
          <Button block onClick={() => void navigate('/')}>
            {t('account.resetContinue', { name: PRODUCT_NAME })}
          </Button>
        </>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <FormField
            label={t('account.resetNew')}
            name="new-password"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            hint={t('auth.passwordHint')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={problems.password}
            revealLabel={t('auth.showPassword')}
          />
          <FormField
            label={t('account.resetRepeat')}
            name="repeat-password"
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            error={problems.repeat}
            revealLabel={t('auth.showPassword')}
          />
          {error && (
            <div role="alert" className="mail-link__error stack">
              <p>{error}</p>
              <p>{t('account.resetAskAgain')}</p>
            </div>
          )}
          <Button type="submit" block disabled={reset.isPending} aria-busy={reset.isPending}>
            {reset.isPending ? t('account.resetSaving') : t('account.resetSubmit')}
          </Button>
        </form>
      )}
      {!reset.isSuccess && (
        <a className="btn btn--outline btn--md btn--block" href="/">
          {t('account.mailHome', { name: PRODUCT_NAME })}
        </a>
      )}
    </MailLinkFrame>
  );
}
