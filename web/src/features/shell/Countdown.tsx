import { useLocalDayCountdown } from '../../lib/useNow';

/** 'TIME:' countdown to 23:59:59.999 of the device's local day, ticking every second. */
export function Countdown() {
  const left = useLocalDayCountdown();
  return (
    <div className="countdown" role="timer" aria-label="Time left today">
      <span className="countdown__label">TIME:</span>{' '}
      <span className="countdown__value">{left}</span>
    </div>
  );
}
