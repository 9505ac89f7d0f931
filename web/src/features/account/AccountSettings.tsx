import { useId, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, toast } from '../../ui';
import { serverMessage } from '../../lib/api';
import { useUser } from '../auth/useSession';
import { useStoreUpdatedUser } from '../notifications/api';
import { changePassword, profileChanges, resendVerification, updateProfile, type ProfileInput } from './api';
import './account-settings.css';
import { ProvinceSelect } from '../provinces/ProvinceSelect';
import { LanguageCard } from '../../i18n/LanguageCard';
import { t } from '../../i18n';

/** The profile's Account tab: edit name, e-mail and phone; change the password. */
export function AccountSettings() {
  return (
    <div className="stack">
      <LanguageCard />
      <EditProfileCard />
      <ChangePasswordCard />
    </div>
  );
}

function Field({ id, label, hint, ...input }: { id: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

function EditProfileCard() {
  const id = useId();
  const user = useUser();
  const storeUser = useStoreUpdatedUser();
  const [form, setForm] = useState<ProfileInput>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    province: user?.province ?? '',
  });
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (changes: Partial<ProfileInput>) => updateProfile(user!.id, changes),
    onSuccess: (updated, changes) => {
      storeUser(updated);
      setError(null);
      setForm({ name: updated.name, email: updated.email ?? '', phoneNumber: updated.phoneNumber ?? '', province: updated.province ?? '' });
      const newAddress = changes.email !== undefined && !!updated.email && !updated.emailVerified;
      toast({
        title: t('settings.profileSaved'),
        description: newAddress ? `We sent a link to ${updated.email}. E-mails go there once you have confirmed it.` : 'Your changes are saved.',
      });
    },
    onError: (e) => setError(serverMessage(e, 'Your changes could not be saved. Please try again.')),
  });
  const resend = useMutation({
    mutationFn: () => resendVerification(user!.id),
    onSuccess: (out) => toast({ title: t('settings.linkSent'), description: out.message }),
    onError: (e) => setError(serverMessage(e, 'The link could not be sent. Please try again.')),
  });

  if (!user) return null;
  const changes = profileChanges(user, form);
  const dirty = Object.keys(changes).length > 0;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (dirty) save.mutate(changes);
  };
  const set = (key: keyof ProfileInput) => (e: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your details</CardTitle>
        <CardDescription>Your name is what friends see. We only e-mail an address you have confirmed.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="account-form" onSubmit={onSubmit} noValidate>
          <Field id={`${id}-name`} label="Name" value={form.name} onChange={set('name')} autoComplete="name" maxLength={100} required />
          <div className="stack">
            <Field id={`${id}-email`} label="E-mail" type="email" value={form.email} onChange={set('email')} autoComplete="email" maxLength={254} inputMode="email" />
            {user.email && changes.email === undefined && (
              <p className="account-form__status" data-testid="email-status">
                {user.emailVerified ? (
                  <span className="account-form__verified">Verified</span>
                ) : (
                  <>
                    <span className="account-form__unverified">Not verified yet: check your inbox for our link.</span>
                    <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
                      {resend.isPending ? 'Sending...' : 'Send the link again'}
                    </Button>
                  </>
                )}
              </p>
            )}
          </div>
          <Field
            id={`${id}-phone`}
            label="Phone"
            type="tel"
            value={form.phoneNumber}
            onChange={set('phoneNumber')}
            autoComplete="tel"
            maxLength={30}
            hint="With the country code, e.g. +27 82 555 0101"
          />
          <ProvinceSelect value={form.province} onChange={(province) => setForm((f) => ({ ...f, province }))} />
          {error && (
            <p className="account-form__error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" block disabled={!dirty || save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ChangePasswordCard() {
  const id = useId();
  const user = useUser();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => changePassword(user!.id, current, next),
    onSuccess: (out) => {
      setCurrent('');
      setNext('');
      setError(null);
      const others = out.otherSessionsEnded === 1 ? '1 other session was' : `${out.otherSessionsEnded} other sessions were`;
      toast({ title: t('settings.passwordChanged'), description: `${others} signed out. You stay signed in here.` });
    },
    onError: (e) => setError(serverMessage(e, 'Your password could not be changed. Please try again.')),
  });
  if (!user) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!current || next.length < 8) {
      setError(!current ? 'Please enter your current password' : 'Password must be at least 8 characters');
      return;
    }
    change.mutate();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else: other phones, tablets and computers.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="account-form" onSubmit={onSubmit} noValidate>
          {/* For password managers: the account this password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
          <Field id={`${id}-current`} label="Current password" type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" />
          <Field
            id={`${id}-new`}
            label="New password"
            type="password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            autoComplete="new-password"
            maxLength={256}
            hint="At least 8 characters"
          />
          {error && (
            <p className="account-form__error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" variant="secondary" block disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
