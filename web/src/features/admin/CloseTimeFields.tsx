// When answering closes, as the admin enters it: a date and a time in UTC (as the question's own date and the
// schedule), the South African time beside them; both empty for no close time.
import { Input, Label } from '../../ui';
import { useT } from '../../i18n';
import '../../i18n/later';
import { closesAtOf } from './createQuestion';
import { useSastLabel } from './ScheduleDialog';

export function CloseTimeFields({
  idPrefix,
  date,
  time,
  onChange,
}: {
  idPrefix: string;
  date: string;
  time: string;
  onChange: (next: { closesDate: string; closesTime: string }) => void;
}) {
  const t = useT();
  const sast = useSastLabel();
  const instant = closesAtOf(date, time);
  const id = `${idPrefix}-closes`;
  return (
    <fieldset className="admin-closes">
      <legend>
        {t('admin.closesLegend')}
        <span className="field__optional"> {t('admin.optional')}</span>
      </legend>
      <div className="form-row">
        <div className="field">
          <Label htmlFor={`${id}-date`}>{t('admin.closesDateUtc')}</Label>
          <Input id={`${id}-date`} name="closesDate" type="date" value={date} onChange={(e) => onChange({ closesDate: e.target.value, closesTime: time })} />
        </div>
        <div className="field">
          <Label htmlFor={`${id}-time`}>{t('admin.closesTimeUtc')}</Label>
          <Input
            id={`${id}-time`}
            name="closesTime"
            type="time"
            value={time}
            onChange={(e) => onChange({ closesDate: date, closesTime: e.target.value })}
            aria-describedby={`${id}-sast`}
          />
        </div>
      </div>
      <p className="field__hint" id={`${id}-sast`} aria-live="polite">
        {instant ? t('admin.scInSast', { sast: sast(instant) }) : t('admin.closesHint')}
      </p>
    </fieldset>
  );
}
