import type { ReactNode } from 'react';

/** A screen's heading and optional subtitle. */
export function ScreenHeader({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <div className="screen-header">
      <h1 className="screen-header__title">{title}</h1>
      {subtitle && <p className="screen-header__subtitle">{subtitle}</p>}
      {children}
    </div>
  );
}
