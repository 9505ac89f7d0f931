import { useId, type ChangeEvent } from 'react';
import { Label } from '../../ui';
import { PROVINCES } from './provinces';
import { useT, type MessageKey } from '../../i18n';

/** The optional province: a native select, "Prefer not to say" = none. */
export function ProvinceSelect({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const id = useId();
  const t = useT();
  return (
    <div className="field">
      <Label htmlFor={id}>
        {t('prov.field')}<span className="field__optional"> {t('auth.optional')}</span>
      </Label>
      <select
        id={id}
        name="province"
        className="input"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)}
      >
        <option value="">{t('prov.none')}</option>
        {PROVINCES.map((p) => (
          <option key={p.code} value={p.code}>
            {t(`prov.${p.code}` as MessageKey)}
          </option>
        ))}
      </select>
      <p className="field__hint" id={`${id}-hint`}>
        {t('prov.hint')}
      </p>
    </div>
  );
}
