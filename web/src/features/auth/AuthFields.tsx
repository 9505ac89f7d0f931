// Signup's POPIA consent (the dialog's other fields are the shared FormField).
import { useId } from 'react';
import { useT } from '../../i18n';

/**
 * POPIA: predictions reveal political opinions, so signing up needs explicit consent — an unticked box with a
 * one-line summary and the notice's link (it opens in a new tab so the form keeps what was typed).
 */
export function ConsentField({ checked, onChange, showError }: { checked: boolean; onChange: (next: boolean) => void; showError: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <div className="consent-field">
      <label className="consent-field__box" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="consent"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={showError || undefined}
          aria-describedby={showError ? `${id}-error` : undefined}
        />
        <span>{t('auth.consent')}</span>
      </label>
      <a className="consent-field__link" href="/privacy" target="_blank" rel="noopener">
        {t('auth.privacyLink')}
      </a>
      {showError && (
        <p className="consent-field__error" id={`${id}-error`} role="alert">
          {t('auth.consentMissing')}
        </p>
      )}
    </div>
  );
}
