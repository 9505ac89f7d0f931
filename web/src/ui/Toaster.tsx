import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n';
import { TOAST_DEFAULT_DURATION, useToast, type ToasterToast } from './toast';
import { cx } from './cx';
import { useHydrated } from '../lib/useHydrated';

const SWIPE_THRESHOLD_PX = 50;

function ToastItem({ t, onDismiss }: { t: ToasterToast; onDismiss: () => void }) {
  const translate = useT();
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);
  const duration = t.duration ?? TOAST_DEFAULT_DURATION;
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const timeout = setTimeout(() => dismissRef.current(), duration);
    return () => clearTimeout(timeout);
  }, [paused, duration]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    startX.current = event.clientX;
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (startX.current === null) return;
    setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerEnd = () => {
    if (startX.current === null) return;
    startX.current = null;
    if (offset > SWIPE_THRESHOLD_PX) onDismiss();
    setOffset(0);
    setPaused(false);
  };

  const destructive = t.variant === 'destructive';
  // A plain box, not a list item: its role (alert / status) would replace the listitem role and break the list.
  return (
    <div
      className={cx('toast', destructive && 'toast--destructive')}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="toast__body">
        {t.title && <div className="toast__title">{t.title}</div>}
        {t.description && <div className="toast__description">{t.description}</div>}
      </div>
      {t.action}
      <button type="button" className="toast__close" aria-label={translate('a11y.close')} onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Renders the toast queue (one at a time). F8 moves focus to it. */
export function Toaster() {
  const translate = useT();
  const { toasts, dismiss } = useToast();
  const regionRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // A portal into document.body: in the browser only, after any hydration.
  if (!hydrated) return null;
  return createPortal(
    <section aria-label={translate('a11y.toasts')}>
    <div className="toaster" ref={regionRef} tabIndex={-1}>
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <ToastItem key={t.id} t={t} onDismiss={() => dismiss(t.id)} />
        ))}
    </div>
    </section>,
    document.body,
  );
}
