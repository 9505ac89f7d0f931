import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, CardContent, CardDescription, CardTitle, FormField, focusFirstInvalid } from '../../ui';
import { apiJson, serverMessage } from '../../lib/api';
import { useSetUser } from '../auth/useSession';
import { phoneProblem } from '../auth/signupRules';
import type { User } from '../auth/types';
import { ProvinceSelect } from '../provinces/ProvinceSelect';
import { useT } from '../../i18n';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the step is for this player now: not yet saved or skipped, and something it asks for still missing. */
export function wantsProfileStep(user: User | null): user is User {
  return !!user && !user.profilePromptDone && (!user.email || !user.phoneNumber || !user.province);
}

/**
 * "Complete your profile", once, after the first vote: e-mail (password resets, results), phone and province, all
 * optional. Saving or skipping marks it done on the server, so it does not come back on another device.
 */
export function CompleteProfile({ user }: { user: User }) {
  const t = useT();
  const setUser = useSetUser();
  const [email, setEmail] = useState(user.email ?? '');
  const [phone, setPhone] = useState(user.phoneNumber ?? '');
  const [province, setProvince] = useState(user.province ?? '');
  const [errors, setErrors] = useState<{ email?: string; phone?: string; form?: string }>({});
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiJson<User>('PATCH', `/api/users/${encodeURIComponent(user.id)}`, { ...body, profilePromptDone: true }),
    onSuccess: (updated) => void setUser(updated),
    onError: (error) => setErrors({ form: serverMessage(error, t('account.stepFailed')) }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    const mail = email.trim();
    const problem = phoneProblem(phone);
    const found = {
      ...(mail && !EMAIL_RE.test(mail) && { email: t('error.userEmail') }),
      ...(problem && { phone: t(problem) }),
    };
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => focusFirstInvalid(form));
      return;
    }
    save.mutate({
      ...(mail !== (user.email ?? '') && { email: mail || null }),
      // As typed: the server reads it by the same rule and stores E.164.
      ...(phone.trim() && phone.trim() !== user.phoneNumber && { phoneNumber: phone.trim() }),
      ...(province !== (user.province ?? '') && { province: province || null }),
    });
  };

  return (
    <Card className="profile-step">
      <CardContent>
        <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="profile-step-title">
          <CardTitle id="profile-step-title">{t('account.stepTitle')}</CardTitle>
          <CardDescription>{t('account.stepText')}</CardDescription>
          <FormField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            optionalLabel={t('auth.optional')}
            hint={t('account.stepEmailHint')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <FormField
            label={t('auth.phone')}
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            optionalLabel={t('auth.optional')}
            hint={t('auth.phoneHint')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={errors.phone}
          />
          <ProvinceSelect value={province} onChange={setProvince} />
          {errors.form && (
            <p className="field__error" role="alert">
              {errors.form}
            </p>
          )}
          <div className="profile-step__actions">
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? t('account.stepSaving') : t('account.stepSave')}
            </Button>
            <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate({})}>
              {t('account.stepSkip')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
