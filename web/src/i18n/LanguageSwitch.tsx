import { useId } from 'react';
import { LANGUAGES, isLanguage, setLanguage, useLanguage, useT } from './index';
import './language.css';

/** The interface language, remembered on this device (header and landing page). Each language named in itself. */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  return (
    <span className={className ? `language-switch ${className}` : 'language-switch'}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="language-switch__select"
        value={language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void setLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.locale}>
            {l.name}
          </option>
        ))}
      </select>
    </span>
  );
}
