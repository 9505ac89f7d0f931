import { useLocalDayCountdown } from '../../lib/useNow';
import { useT } from '../../i18n';

/** 'TIME:' countdown to 23:59:59.999 of the device's local day, ticking every second (its label in the reader's language). */
export function Countdown() {
  const t = useT();
  const left = useLocalDayCountdown();
  return (
    <div className="countdown" role="timer" aria-label={t('time.leftToday')}>
      <span className="countdown__label">{t('time.label')}</span>{' '}
      <span className="countdown__value">{left}</span>
    </div>
  );
}
