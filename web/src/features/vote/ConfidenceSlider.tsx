import { useId } from 'react';
import { useT } from '../../i18n';

export const DEFAULT_CONFIDENCE = 75;

/**
 * How sure the user is of the option they chose, 50–99 %. A native range input: arrow keys move it by
 * 1, Page Up / Page Down by 10, Home / End to the ends; the value is announced as a percentage.
 */
export function ConfidenceSlider({ value, onChange, disabled }: { value: number; onChange: (value: number) => void; disabled?: boolean }) {
  const id = useId();
  const t = useT();
  return (
    <div className="confidence">
      <label className="confidence__label" htmlFor={id}>
        <span>{t('confidence.label')}</span>
        <span className="confidence__value" aria-hidden="true">
          {value}%
        </span>
      </label>
      <input
        id={id}
        type="range"
        min={50}
        max={99}
        step={1}
        value={value}
        disabled={disabled}
        aria-valuetext={`${value}%`}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <p className="confidence__hint" id={`${id}-hint`}>
        {t('confidence.hint')}
      </p>
    </div>
  );
}
