import { useId } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner, toast, toastError } from '../../ui';
import { serverMessage } from '../../lib/api';
import { formatLongDate } from '../../lib/time';
import { useUser } from '../auth/useSession';
import { SettingRow, Switch } from '../notifications/Switch';
import { privacyKey, updatePrivacySettings, usePrivacySettings, type AnswerVisibility, type PrivacyPatch } from './api';
import './privacy.css';
import { useT, type MessageKey } from '../../i18n';
import '../../i18n/later';

const CHOICES: { value: AnswerVisibility; label: MessageKey; description: MessageKey }[] = [
  { value: 'friends', label: 'privacy.friends', description: 'privacy.friendsText' },
  { value: 'nobody', label: 'privacy.nobody', description: 'privacy.nobodyText' },
];

/**
 * The profile's Privacy tab: who sees my answers, and whether the national leaderboards name me (saved on each
 * change; the server enforces it everywhere), the consent given at signup, and the notice.
 */
export function PrivacySettings() {
  const id = useId();
  const user = useUser();
  const queryClient = useQueryClient();
  const settings = usePrivacySettings(user?.id ?? '');
  const t = useT();

  const save = useMutation({
    mutationFn: (patch: PrivacyPatch) => updatePrivacySettings(user!.id, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(privacyKey(user!.id), saved);
      toast({ title: t('privacy.saved'), description: t('privacy.savedText') });
    },
    onError: (error) => toastError(serverMessage(error, t('privacy.saveFailedText')), t('privacy.saveFailed')),
  });

  if (!user) return null;
  // While a change is being saved, show it; a failed save falls back to what the server holds.
  const current = settings.data ? { ...settings.data, ...(save.isPending ? save.variables : {}) } : undefined;
  const consent = user.privacyConsent;

  return (
    <div className="stack privacy-settings">
      <Card>
        <CardHeader>
          <CardTitle>{t('privacy.whoSees')}</CardTitle>
          <CardDescription>{t('privacy.whoSeesText')}</CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <Spinner label={t('privacy.loading')} />
          ) : settings.isError || !current ? (
            <div className="privacy-settings__error">
              <p role="alert">{t('privacy.loadFailed')}</p>
              <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
                {t('common.tryAgain')}
              </Button>
            </div>
          ) : (
            <div className="settings-list privacy-settings__list" aria-busy={save.isPending}>
              <fieldset className="choice-group" disabled={save.isPending}>
                <legend className="setting-row__title">{t('privacy.showTo')}</legend>
                {CHOICES.map((c) => (
                  <label key={c.value} className="choice">
                    <input
                      type="radio"
                      name={`${id}-visibility`}
                      value={c.value}
                      checked={current.answerVisibility === c.value}
                      onChange={() => save.mutate({ answerVisibility: c.value })}
                      aria-describedby={`${id}-${c.value}-desc`}
                    />
                    <span className="choice__text">
                      <span className="choice__label">{t(c.label)}</span>
                      <span className="setting-row__description" id={`${id}-${c.value}-desc`}>
                        {t(c.description)}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <SettingRow
                id={`${id}-resolved`}
                title={t('privacy.afterResolved')}
                description={current.answerVisibility === 'nobody' ? t('privacy.afterResolvedNobody') : t('privacy.afterResolvedText')}
              >
                <Switch
                  checked={current.hideUntilResolved}
                  onCheckedChange={(next) => save.mutate({ hideUntilResolved: next })}
                  disabled={save.isPending || current.answerVisibility === 'nobody'}
                  aria-busy={save.isPending}
                  aria-labelledby={`${id}-resolved-title`}
                  aria-describedby={`${id}-resolved-desc`}
                />
              </SettingRow>
              <SettingRow
                id={`${id}-national`}
                title={t('privacy.listNational')}
                description={current.answerVisibility === 'nobody' ? t('privacy.listNationalNobody') : t('privacy.listNationalText')}
              >
                <Switch
                  checked={current.listOnNationalBoard && current.answerVisibility !== 'nobody'}
                  onCheckedChange={(next) => save.mutate({ listOnNationalBoard: next })}
                  disabled={save.isPending || current.answerVisibility === 'nobody'}
                  aria-busy={save.isPending}
                  aria-labelledby={`${id}-national-title`}
                  aria-describedby={`${id}-national-desc`}
                />
              </SettingRow>
            </div>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('privacy.consent')}</CardTitle>
        </CardHeader>
        <CardContent className="stack privacy-settings__consent">
          <p>
            {consent
              ? consent.acceptedAt
                ? t('privacy.acceptedOn', { version: consent.noticeVersion, date: formatLongDate(consent.acceptedAt) })
                : t('privacy.accepted', { version: consent.noticeVersion })
              : t('privacy.noConsent')}
          </p>
          <Link className="privacy-link" to="/privacy">
            {t('privacy.read')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
