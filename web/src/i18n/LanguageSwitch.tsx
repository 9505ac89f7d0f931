import { useId } from 'react';
import { LANGUAGES, isLanguage, setLanguage, useLanguage, useT } from './index';
import './language.css';

/**
 * The interface language, remembered on this device (header, landing page, settings). Each language named in itself;
 * `compact` (the header, where a 360 px screen has little room) shows its code instead: EN, ZU, AF, ST.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  return (
    <span className={compact ? 'language-switch language-switch--compact' : 'language-switch'}>
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
          <option key={l.code} value={l.code} lang={l.locale} title={l.name}>
            {compact ? l.code.toUpperCase() : l.name}
          </option>
        ))}
      </select>
    </span>
  );
}
