import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../../ui';

export interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role'> {
  checked: boolean;
  onCheckedChange: (next: boolean) => void;
}

/** An on/off switch (role="switch"); label it with aria-labelledby or aria-label. */
export function Switch({ checked, onCheckedChange, className, disabled, ...rest }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      className={cx('switch', checked && 'switch--on', className)}
      onClick={() => onCheckedChange(!checked)}
      {...rest}
    >
      <span className="switch__thumb" aria-hidden="true" />
    </button>
  );
}

/** A settings row: title, description and a control on the right. */
export function SettingRow({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="setting-row">
      <div className="setting-row__text">
        <span className="setting-row__title" id={`${id}-title`}>
          {title}
        </span>
        {description && (
          <span className="setting-row__description" id={`${id}-desc`}>
            {description}
          </span>
        )}
      </div>
      <div className="setting-row__control">{children}</div>
    </div>
  );
}
