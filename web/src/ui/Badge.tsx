import type { HTMLAttributes } from 'react';
import { cx } from './cx';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive' | 'gold' | 'live';

export function Badge({ variant = 'default', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={cx('badge', `badge--${variant}`, className)} {...rest} />;
}
