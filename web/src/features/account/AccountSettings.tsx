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
import { useT } from '../../i18n';

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
  const t = useT();
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
        description: newAddress ? t('account.savedNewAddress', { email: updated.email }) : t('account.savedText'),
      });
    },
    onError: (e) => setError(serverMessage(e, t('account.saveFailed'))),
  });
  const resend = useMutation({
    mutationFn: () => resendVerification(user!.id),
    onSuccess: (out) => toast({ title: t('settings.linkSent'), description: out.message }),
    onError: (e) => setError(serverMessage(e, t('account.linkFailed'))),
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
        <CardTitle>{t('account.detailsTitle')}</CardTitle>
        <CardDescription>{t('account.detailsText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="account-form" onSubmit={onSubmit} noValidate>
          <Field id={`${id}-name`} label={t('account.name')} value={form.name} onChange={set('name')} autoComplete="name" maxLength={100} required />
          <div className="stack">
            <Field id={`${id}-email`} label={t('account.email')} type="email" value={form.email} onChange={set('email')} autoComplete="email" maxLength={254} inputMode="email" />
            {user.email && changes.email === undefined && (
              <p className="account-form__status" data-testid="email-status">
                {user.emailVerified ? (
                  <span className="account-form__verified">{t('account.verified')}</span>
                ) : (
                  <>
                    <span className="account-form__unverified">{t('account.unverified')}</span>
                    <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
                      {resend.isPending ? t('account.sending') : t('account.resend')}
                    </Button>
                  </>
                )}
              </p>
            )}
          </div>
          <Field
            id={`${id}-phone`}
            label={t('account.phone')}
            type="tel"
            value={form.phoneNumber}
            onChange={set('phoneNumber')}
            autoComplete="tel"
            maxLength={30}
            hint={t('account.phoneHint')}
          />
          <ProvinceSelect value={form.province} onChange={(province) => setForm((f) => ({ ...f, province }))} />
          {error && (
            <p className="account-form__error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" block disabled={!dirty || save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t('account.saving') : t('account.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ChangePasswordCard() {
  const id = useId();
  const t = useT();
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
      toast({ title: t('settings.passwordChanged'), description: t('account.passwordChangedText', { count: out.otherSessionsEnded }) });
    },
    onError: (e) => setError(serverMessage(e, t('account.passwordFailed'))),
  });
  if (!user) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!current || next.length < 8) {
      setError(!current ? t('account.enterCurrent') : t('account.passwordShort'));
      return;
    }
    change.mutate();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.passwordTitle')}</CardTitle>
        <CardDescription>{t('account.passwordText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="account-form" onSubmit={onSubmit} noValidate>
          {/* For password managers: the account this password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
          <Field id={`${id}-current`} label={t('account.currentPassword')} type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" />
          <Field
            id={`${id}-new`}
            label={t('account.newPassword')}
            type="password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            autoComplete="new-password"
            maxLength={256}
            hint={t('account.passwordHint')}
          />
          {error && (
            <p className="account-form__error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" variant="secondary" block disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending ? t('account.changing') : t('account.change')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
