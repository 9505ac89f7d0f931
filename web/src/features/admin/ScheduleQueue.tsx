// The next 14 SAST days and what publishes on each; a day with nothing is called out.
import { useId } from 'react';
import { Badge, Spinner } from '../../ui';
import { formatSastTime, formatWeekdayDate } from '../../lib/time';
import { useT } from '../../i18n';
import '../../i18n/later';
import { questionWithMark } from '../../entities/question/results';
import type { Question } from '../../entities/question/types';
import { isGap, QUEUE_DAYS, scheduleQueue } from './schedule';
import './schedule.css';

export function ScheduleQueue({ query, now = new Date() }: { query: { isPending: boolean; isError: boolean; data?: Question[] }; now?: Date }) {
  const t = useT();
  const headingId = useId();
  const queue = query.data ? scheduleQueue(query.data, now) : [];
  const gaps = queue.filter(isGap).length;
  return (
    <section className="admin-list sched-queue" aria-labelledby={headingId}>
      <h2 className="admin-list__title" id={headingId}>
        {t('admin.scQueueTitle', { days: QUEUE_DAYS })}
      </h2>
      <p className="sched-queue__text">{t('admin.scQueueText', { gaps })}</p>
      {query.isPending ? (
        <Spinner label={t('admin.scQueueLoading')} />
      ) : query.isError ? (
        <p className="empty-note">{t('admin.scQueueFailed')}</p>
      ) : (
        <ol className="sched-days">
          {queue.map((day, i) => {
            const label = formatWeekdayDate(day.start.getTime() + 3600_000);
            return (
              <li key={day.key} className={isGap(day) ? 'sched-day sched-day--gap' : 'sched-day'} data-day={day.key}>
                {isGap(day) ? (
                  // One line for a day with nothing: the gap is the news.
                  <h3 className="sched-day__gap">{i === 0 ? t('admin.scGapToday', { day: label }) : t('admin.scGap', { day: label })}</h3>
                ) : (
                  <>
                    <h3 className="sched-day__label">{i === 0 ? t('admin.scToday', { day: label }) : label}</h3>
                    <ul className="sched-day__items">
                      {day.items.map((item) => (
                        <li key={item.question.id} className="sched-item">
                          <time className="sched-item__time" dateTime={item.at}>
                            {t('admin.scSast', { time: formatSastTime(item.at) })}
                          </time>
                          <span className="sched-item__text">{questionWithMark(item.question.text)}</span>
                          {item.published && <Badge variant="default">{t('admin.statusPublished')}</Badge>}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
