import { useId } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner, toast, toastError } from '../../ui';
import { serverMessage } from '../../lib/api';
import { formatLongDate } from '../../lib/time';
import { useUser } from '../auth/useSession';
import { SettingRow, Switch } from '../notifications/Switch';
import { privacyKey, updatePrivacySettings, usePrivacySettings, type AnswerVisibility, type PrivacySettings as Settings } from './api';
import './privacy.css';

const CHOICES: { value: AnswerVisibility; label: string; description: string }[] = [
  { value: 'friends', label: 'Friends', description: 'Your friends see your predictions and your score.' },
  { value: 'nobody', label: 'Nobody', description: 'Only you. You also leave every leaderboard but your own.' },
];

/**
 * The profile's Privacy tab: who sees my answers (saved on each change; the server enforces it everywhere), the
 * consent given at signup, and the notice.
 */
export function PrivacySettings() {
  const id = useId();
  const user = useUser();
  const queryClient = useQueryClient();
  const settings = usePrivacySettings(user?.id ?? '');

  const save = useMutation({
    mutationFn: (patch: Partial<Pick<Settings, 'answerVisibility' | 'hideUntilResolved'>>) => updatePrivacySettings(user!.id, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(privacyKey(user!.id), saved);
      toast({ title: 'Privacy settings saved', description: 'Who sees your answers has been updated.' });
    },
    onError: (error) => toastError(serverMessage(error, 'Your privacy settings could not be saved. Please try again.'), 'Not saved'),
  });

  if (!user) return null;
  // While a change is being saved, show it; a failed save falls back to what the server holds.
  const current = settings.data ? { ...settings.data, ...(save.isPending ? save.variables : {}) } : undefined;
  const consent = user.privacyConsent;

  return (
    <div className="stack privacy-settings">
      <Card>
        <CardHeader>
          <CardTitle>Who sees my answers</CardTitle>
          <CardDescription>Your predictions can show your political views. Everyone else only ever sees totals.</CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <Spinner label="Loading privacy settings" />
          ) : settings.isError || !current ? (
            <div className="privacy-settings__error">
              <p role="alert">Your privacy settings could not be loaded.</p>
              <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <div className="settings-list privacy-settings__list" aria-busy={save.isPending}>
              <fieldset className="choice-group" disabled={save.isPending}>
                <legend className="setting-row__title">Show my predictions to</legend>
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
                      <span className="choice__label">{c.label}</span>
                      <span className="setting-row__description" id={`${id}-${c.value}-desc`}>
                        {c.description}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <SettingRow
                id={`${id}-resolved`}
                title="Only after the question is resolved"
                description={
                  current.answerVisibility === 'nobody'
                    ? 'Applies when your friends can see your predictions.'
                    : 'Friends see a prediction once its question has a result, not before.'
                }
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
            </div>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your consent</CardTitle>
        </CardHeader>
        <CardContent className="stack privacy-settings__consent">
          <p>
            {consent
              ? `You accepted the privacy notice v${consent.noticeVersion}${consent.acceptedAt ? ` on ${formatLongDate(consent.acceptedAt)}` : ''}.`
              : 'No acceptance of the privacy notice is recorded for this account.'}
          </p>
          <Link className="privacy-link" to="/privacy">
            Read the privacy notice
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
