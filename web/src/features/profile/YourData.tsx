import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Dialog, Input, Label, toast, toastError } from '../../ui';
import { serverMessage } from '../../lib/api';
import { useForgetSession, useUser } from '../auth/useSession';
import { deleteMyAccount, downloadMyData } from './accountApi';
import './account.css';
import { t as translate, useT, type MessageKey } from '../../i18n';
import '../../i18n/later';

/** What a deletion erases and what it keeps: the dialog says exactly this (PRODUCT.md "Privacy"). */
export const WHAT_GOES = [
  'privacy.goesAccount',
  'privacy.goesPredictions',
  'privacy.goesComments',
  'privacy.goesFriends',
  'privacy.goesSuggestions',
  'privacy.goesNotifications',
  'privacy.goesSessions',
] as const satisfies readonly MessageKey[];

export const WHAT_STAYS = ['privacy.staysTotals', 'privacy.staysNothing'] as const satisfies readonly MessageKey[];

/** The profile's "Your data" card: download everything held about me, delete my account. */
export function YourData() {
  const user = useUser();
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  const download = useMutation({
    mutationFn: () => downloadMyData(user!.id),
    onSuccess: (filename) => toast({ title: translate('privacy.downloading'), description: filename }),
    onError: (error) => toastError(serverMessage(error, translate('privacy.downloadFailedText')), translate('privacy.downloadFailed')),
  });
  if (!user) return null;
  return (
    <Card className="your-data">
      <CardHeader>
        <CardTitle>{t('privacy.yourData')}</CardTitle>
        <CardDescription>{t('privacy.yourDataText')}</CardDescription>
      </CardHeader>
      <CardContent className="stack">
        <div className="your-data__row">
          <p>{t('privacy.downloadText')}</p>
          <Button variant="outline" block disabled={download.isPending} aria-busy={download.isPending} onClick={() => download.mutate()}>
            {download.isPending ? t('privacy.preparing') : t('privacy.download')}
          </Button>
        </div>
        <div className="your-data__row">
          <p>{t('privacy.deleteText')}</p>
          <Button variant="destructive" block onClick={() => setConfirming(true)}>
            {t('privacy.deleteAccount')}
          </Button>
        </div>
      </CardContent>
      <DeleteAccountDialog open={confirming} onOpenChange={setConfirming} />
    </Card>
  );
}

/** The confirmation: what goes, what stays, the password. After the deletion the app is signed out, on the landing page. */
function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const user = useUser();
  const forgetSession = useForgetSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  const remove = useMutation({
    mutationFn: () => deleteMyAccount(user!.id, password),
    onSuccess: async () => {
      // The server has ended every session already: forget this one here, as a sign-out does.
      await forgetSession();
      navigate('/', { replace: true });
      // The landing page from its top, not at the profile's scroll position.
      window.scrollTo(0, 0);
      toast({ title: translate('privacy.deleted'), description: translate('privacy.deletedText') });
    },
    onError: (err) => setError(serverMessage(err, translate('privacy.deleteFailed'))),
  });

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setPassword('');
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!password) return setError(t('privacy.passwordNeeded'));
    remove.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={close} title={t('privacy.deleteTitle')} description={t('privacy.cannotUndo')} className="delete-account">
      <form className="stack" onSubmit={submit} noValidate>
        <section aria-labelledby={`${id}-goes`}>
          <h3 className="delete-account__heading" id={`${id}-goes`}>
            {t('privacy.whatGoes')}
          </h3>
          <ul className="delete-account__list">
            {WHAT_GOES.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${id}-stays`}>
          <h3 className="delete-account__heading" id={`${id}-stays`}>
            {t('privacy.whatStays')}
          </h3>
          <ul className="delete-account__list">
            {WHAT_STAYS.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
        </section>
        <p className="delete-account__hint">{t('privacy.copyFirst')}</p>
        <div className="field">
          <Label htmlFor={`${id}-password`}>{t('privacy.password')}</Label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            data-autofocus
          />
        </div>
        {error && (
          <p className="delete-account__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions dialog-actions--stack">
          <Button type="submit" variant="destructive" block disabled={remove.isPending} aria-busy={remove.isPending}>
            {remove.isPending ? t('privacy.deleting') : t('privacy.deleteAccount')}
          </Button>
          <Button variant="outline" block onClick={() => close(false)} disabled={remove.isPending}>
            {t('privacy.keep')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
