import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField } from '../../ui';
import { serverMessage } from '../../lib/api';
import { requestPasswordReset } from './api';
import { useT } from '../../i18n';

/**
 * "Forgot password?" inside the sign-in dialog: a username, then the one neutral confirmation (the server answers
 * alike whether or not the account exists or has a verified address), with what to do when there is no address.
 */
export function ForgotPasswordForm({ initialUsername, onBack }: { initialUsername: string; onBack: () => void }) {
  const t = useT();
  const [username, setUsername] = useState(initialUsername);
  const [missing, setMissing] = useState(false);
  const send = useMutation({ mutationFn: (name: string) => requestPasswordReset(name) });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = username.trim();
    setMissing(!name);
    if (name && !send.isPending) send.mutate(name);
  };
  // Under the field, never a toast over it: a missing username, or why the request could not be sent.
  const error = missing ? t('auth.forgotEnterUsername') : send.isError ? serverMessage(send.error, t('auth.forgotFailed')) : undefined;
  return (
    <div className="stack forgot-password">
      {send.isSuccess ? (
        <div role="status" className="stack">
          <p>{t('auth.forgotSent')}</p>
          <p className="field__hint">{t('auth.forgotNoEmail')}</p>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <p className="field__hint">{t('auth.forgotText')}</p>
          <FormField
            label={t('auth.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={error}
            data-autofocus
          />
          <Button type="submit" size="lg" block disabled={send.isPending} aria-busy={send.isPending}>
            {send.isPending ? t('auth.forgotSending') : t('auth.forgotSubmit')}
          </Button>
        </form>
      )}
      <p className="auth-dialog__switch">
        <button type="button" className="link-button" onClick={onBack}>
          {t('auth.forgotBack')}
        </button>
      </p>
    </div>
  );
}
