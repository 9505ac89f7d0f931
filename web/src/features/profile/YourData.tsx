import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Dialog, Input, Label, toast, toastError } from '../../ui';
import { serverMessage } from '../../lib/api';
import { ME_QUERY_KEY } from '../auth/api';
import { userAtom } from '../auth/session';
import { useUser } from '../auth/useSession';
import { deleteMyAccount, downloadMyData } from './accountApi';
import './account.css';

/** What a deletion erases and what it keeps: the dialog says exactly this (PRODUCT.md "Privacy"). */
export const WHAT_GOES = [
  'Your account: name, username, e-mail address, phone number, password and consent',
  'Every prediction you made, and your scores (you leave every leaderboard)',
  'Your comments and their images',
  'Your friends, and friend requests you sent or received',
  'Your question suggestions',
  'Your notification settings, browser notifications and newsletter subscription',
  'Every signed-in session, on every device',
] as const;

export const WHAT_STAYS = [
  'The national totals: each prediction you made still counts in its question’s results, with nothing that links it to you',
  'Nothing else. Your username becomes free for anyone to take.',
] as const;

/** The profile's "Your data" card: download everything held about me, delete my account. */
export function YourData() {
  const user = useUser();
  const [confirming, setConfirming] = useState(false);
  const download = useMutation({
    mutationFn: () => downloadMyData(user!.id),
    onSuccess: (filename) => toast({ title: 'Your data is downloading', description: filename }),
    onError: (error) => toastError(serverMessage(error, 'Your data could not be downloaded. Please try again.'), 'Download failed'),
  });
  if (!user) return null;
  return (
    <Card className="your-data">
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Everything we hold about you is yours to see, and to erase.</CardDescription>
      </CardHeader>
      <CardContent className="stack">
        <div className="your-data__row">
          <p>One file (JSON) with your profile, consent, settings, predictions, comments, friends, suggestions and subscriptions.</p>
          <Button variant="outline" block disabled={download.isPending} aria-busy={download.isPending} onClick={() => download.mutate()}>
            {download.isPending ? 'Preparing your data...' : 'Download my data'}
          </Button>
        </div>
        <div className="your-data__row">
          <p>Erase your account and everything about you from every part of Mzansi Predicts. This cannot be undone.</p>
          <Button variant="destructive" block onClick={() => setConfirming(true)}>
            Delete my account
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
  const setUser = useSetAtom(userAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: () => deleteMyAccount(user!.id, password),
    onSuccess: async () => {
      // The server has ended every session already: forget this one here, as a sign-out does.
      setUser(null);
      await queryClient.cancelQueries();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      queryClient.setQueryData(ME_QUERY_KEY, null);
      navigate('/', { replace: true });
      // The landing page from its top, not at the profile's scroll position.
      window.scrollTo(0, 0);
      toast({ title: 'Your account has been deleted', description: 'Everything about you is being erased. Thank you for predicting with us.' });
    },
    onError: (err) => setError(serverMessage(err, 'Your account could not be deleted. Please try again.')),
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
    if (!password) return setError('Please enter your password to delete your account');
    remove.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Delete your account?" description="This cannot be undone." className="delete-account">
      <form className="stack" onSubmit={submit} noValidate>
        <section aria-labelledby={`${id}-goes`}>
          <h3 className="delete-account__heading" id={`${id}-goes`}>
            What is deleted, at once and everywhere
          </h3>
          <ul className="delete-account__list">
            {WHAT_GOES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${id}-stays`}>
          <h3 className="delete-account__heading" id={`${id}-stays`}>
            What stays
          </h3>
          <ul className="delete-account__list">
            {WHAT_STAYS.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <p className="delete-account__hint">Want a copy first? Close this and use “Download my data”.</p>
        <div className="field">
          <Label htmlFor={`${id}-password`}>Your password</Label>
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
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
          <Button variant="outline" block onClick={() => close(false)} disabled={remove.isPending}>
            Keep my account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
