import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, CardContent, Input, Label, Spinner, toast, toastError } from '../../ui';
import { errorStatus, serverMessage } from '../../lib/api';
import { ClockIcon } from '../../ui/icons';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useUser } from '../auth/useSession';
import { phoneProblem } from '../auth/signupRules';
import type { User } from '../auth/types';
import { sendTestAlert, updateProfileSettings, useStoreUpdatedUser, type ProfileSettingsInput } from './api';
import { AlertChoices } from './AlertChoices';
import { SettingRow, Switch } from './Switch';
import { useT } from '../../i18n';
import './notifications.css';

/** The form's starting values, from the signed-in user (emailNotifications defaults to true). */
export function settingsFromUser(user: User): ProfileSettingsInput {
  return {
    email: user.email ?? '',
    phoneNumber: user.phoneNumber ?? '',
    emailNotifications: user.emailNotifications !== false,
    whatsappNotifications: user.whatsappNotifications === true,
  };
}

function SettingsForm({ user }: { user: User }) {
  const t = useT();
  const id = useId();
  const storeUser = useStoreUpdatedUser();
  const [form, setForm] = useState<ProfileSettingsInput>(() => settingsFromUser(user));
  const set = <K extends keyof ProfileSettingsInput>(key: K, value: ProfileSettingsInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const save = useMutation({
    mutationFn: (input: ProfileSettingsInput) => updateProfileSettings(user.id, input),
    onSuccess: (updated) => {
      storeUser(updated);
      setForm(settingsFromUser(updated));
      toast({ title: t('notif.saved'), description: t('notif.savedText') });
    },
    onError: (error) => {
      const message = serverMessage(error, '');
      toastError(message ? t('notif.saveFailedWhy', { message }) : t('notif.saveFailed'));
    },
  });

  const test = useMutation({
    mutationFn: sendTestAlert,
    // The server says whether anything was sent (no push subscription: nothing was).
    onSuccess: (res) =>
      res?.success === false
        ? toastError(res.message || t('notif.testNoneText'), t('notif.testNone'))
        : toast({ title: t('notif.testSent'), description: res?.message || t('notif.testSentText') }),
    onError: (error) => {
      const fallback = t('notif.testFailed');
      toastError(errorStatus(error) === 404 ? fallback : serverMessage(error, fallback));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const phoneNumber = form.phoneNumber.trim();
    const problem = phoneProblem(phoneNumber, form.whatsappNotifications);
    if (problem) {
      toastError(t(problem));
      return;
    }
    save.mutate({ ...form, email: form.email.trim(), phoneNumber });
  };

  return (
    <form className="form notify-settings__form" aria-label={t('notif.formLabel')} onSubmit={onSubmit} noValidate>
      <Card>
        <CardContent className="stack">
          <div className="field">
            <Label htmlFor={`${id}-email`}>{t('notif.email')}</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.co.za"
              value={form.email}
              onChange={(e) => set('email', e.target.value)}
            />
          </div>
          <SettingRow id={`${id}-emailalerts`} title={t('notif.emailAlerts')} description={t('notif.emailAlertsText')}>
            <Switch
              checked={form.emailNotifications}
              onCheckedChange={(next) => set('emailNotifications', next)}
              aria-labelledby={`${id}-emailalerts-title`}
              aria-describedby={`${id}-emailalerts-desc`}
            />
          </SettingRow>
        </CardContent>
      </Card>

      <Card>
        <CardContent className="stack">
          <div className="field">
            <Label htmlFor={`${id}-phone`}>{t('notif.phone')}</Label>
            <Input
              id={`${id}-phone`}
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+27 82 123 4567"
              aria-describedby={`${id}-phone-hint`}
              value={form.phoneNumber}
              onChange={(e) => set('phoneNumber', e.target.value)}
            />
            <span className="field__hint" id={`${id}-phone-hint`}>
              {t('notif.phoneHint')}
            </span>
          </div>
          <SettingRow id={`${id}-whatsapp`} title={t('notif.whatsapp')} description={t('notif.whatsappText')}>
            <Switch
              checked={form.whatsappNotifications}
              onCheckedChange={(next) => set('whatsappNotifications', next)}
              aria-labelledby={`${id}-whatsapp-title`}
              aria-describedby={`${id}-whatsapp-desc`}
            />
          </SettingRow>
        </CardContent>
      </Card>

      <div className="notify-settings__timing" role="note">
        <ClockIcon className="notify-settings__timing-icon" />
        <p>
          <strong>{t('notif.timingTitle')}</strong>
          {t('notif.timingText')}
        </p>
      </div>

      <div className="notify-settings__actions">
        <Button type="submit" block disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t('notif.saving') : t('notif.save')}
        </Button>
        <Button variant="outline" block disabled={test.isPending} aria-busy={test.isPending} onClick={() => test.mutate()}>
          {test.isPending ? t('notif.sending') : t('notif.test')}
        </Button>
      </div>
    </form>
  );
}

/** /notifications: email and WhatsApp alert settings for the signed-in user (PRODUCT.md: wired, not a demo). */
export function NotificationSettingsPage() {
  const user = useUser();
  const t = useT();
  return (
    <div className="stack notify-settings">
      <ScreenHeader title={t('notif.title')} subtitle={t('notif.subtitle')} />
      {user ? (
        <>
          <SettingsForm key={user.id} user={user} />
          <AlertChoices userId={user.id} />
        </>
      ) : (
        <Spinner />
      )}
    </div>
  );
}
