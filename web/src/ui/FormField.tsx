// The one labelled input of every form: its rule shown before typing (the hint, under the label), its error under
// it after a submit, both linked to the input (aria-describedby, aria-invalid); a password can be shown while typed.
import { useId, useState, type InputHTMLAttributes } from 'react';
import { Input, Label } from './Input';
import { cx } from './cx';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  /** The field's rule, shown before anything is typed. */
  hint?: string;
  /** What is wrong with the value (after a submit); replaces nothing, adds a line under the input. */
  error?: string;
  /** Shown after the label (e.g. "(optional)"); the input is aria-required without it. */
  optionalLabel?: string;
  /** A password field's show/hide toggle: its accessible name (the state is aria-pressed). */
  revealLabel?: string;
}

export function FormField({ label, hint, error, optionalLabel, revealLabel, type, className, ...input }: FormFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const revealable = type === 'password' && !!revealLabel;
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <Label htmlFor={id}>
        {label}
        {optionalLabel && <span className="field__optional"> {optionalLabel}</span>}
      </Label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div className={cx('field__control', revealable && 'field__control--reveal')}>
        <Input
          id={id}
          type={revealable && revealed ? 'text' : type}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-required={!optionalLabel}
          {...input}
        />
        {revealable && (
          // Named by its title (also the hover hint), not aria-label: the field's own label stays the only one saying "password".
          <button type="button" className="field__reveal" title={revealLabel} aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
            <EyeIcon crossed={revealed} />
          </button>
        )}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** After a refused submit: the first field named wrong gets the focus (its error is read with it). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}
