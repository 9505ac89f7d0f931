import type { ActiveSuspension } from '@mzansi/api';
import { serverMessage } from '../../lib/api';
import { formatLongDate } from '../../lib/time';
import { Button, toast, toastError } from '../../ui';
import { useModerate } from '../moderation/api';
import { useT } from '../../i18n';
import '../../i18n/later';
import '../moderation/moderation.css';

/**
 * A suspension in force ("Suspended until …" or "Suspended permanently", and why) with its "Lift suspension"
 * button; the Users and Moderation tabs both reload once it is lifted.
 */
export function SuspensionState({ user, suspension }: { user: { id: string; username: string }; suspension: ActiveSuspension }) {
  const t = useT();
  const { lift } = useModerate();
  return (
    <div className="suspension-state" data-suspended-user={user.id}>
      <p className="suspension-state__text">
        <strong>
          {suspension.until ? (
            t('admin.modSuspendedUntil', { date: formatLongDate(suspension.until) })
          ) : (
            t('admin.modSuspendedForever')
          )}
        </strong>
        {suspension.reason && <span className="suspension-state__reason">{t('admin.modSuspensionReason', { reason: suspension.reason })}</span>}
      </p>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('admin.modLiftLabel', { username: user.username })}
        disabled={lift.isPending}
        aria-busy={lift.isPending}
        onClick={() =>
          lift.mutate(
            { userId: user.id },
            {
              onSuccess: () => toast({ title: t('admin.modLifted') }),
              onError: (e) => toastError(serverMessage(e, t('common.tryAgain')), t('admin.modFailed')),
            },
          )
        }
      >
        {t('admin.modLift')}
      </Button>
    </div>
  );
}
