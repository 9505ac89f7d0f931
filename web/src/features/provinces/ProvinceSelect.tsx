import { useId, type ChangeEvent } from 'react';
import { Label } from '../../ui';
import { PROVINCES } from './provinces';

/** The optional province: a native select, "Prefer not to say" = none. */
export function ProvinceSelect({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <Label htmlFor={id}>
        Province<span className="field__optional"> (optional)</span>
      </Label>
      <select
        id={id}
        name="province"
        className="input"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)}
      >
        <option value="">Prefer not to say</option>
        {PROVINCES.map((p) => (
          <option key={p.code} value={p.code}>
            {p.name}
          </option>
        ))}
      </select>
      <p className="field__hint" id={`${id}-hint`}>
        Adds your answers to your province&apos;s results. Nobody sees your province.
      </p>
    </div>
  );
}
