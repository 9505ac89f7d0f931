import type { ActiveSuspension } from '@mzansi/api';
import { grpc, isGrpcError, type Actor } from '@mzansi/kit/base';
import type { Clients } from './clients.js';
import { HttpError } from './errors.js';

const WHAT = 'you cannot comment, suggest questions, report comments or send friend requests';

/**
 * Refuses the four things a suspended person may not do (comment, suggest, report, ask to be friends) with a 403
 * that says why and until when; everything else stays open to them. Asked of identity before each of the four:
 * it is the source of the suspensions, while social's copy comes by event and may be a moment behind (comments and
 * reports are refused by social too, refusedIfSuspended).
 */
export async function refuseIfSuspended(clients: Clients, actor: Actor): Promise<void> {
  const { suspension: s } = await clients.identity.getSuspension({ userId: actor.id }, { actor });
  if (!s?.suspended) return;
  const reason = s.reason ? ` Reason: ${s.reason}` : '';
  if (!s.until) throw new HttpError(403, `Your account is suspended permanently: ${WHAT}.${reason}`, {}, 'accountSuspendedPermanently');
  const u = s.until;
  const at = `${u.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  throw new HttpError(403, `Your account is suspended until ${at}: until then ${WHAT}.${reason}`, {}, 'accountSuspended', {
    year: u.getUTCFullYear(),
    month: u.getUTCMonth() + 1,
    day: u.getUTCDate(),
  });
}

/**
 * The suspensions in force of `userIds` (everyone's when empty), by user id, in one call to identity: the admin
 * lists show them beside each person. Admins only (identity checks it again).
 */
export async function suspensionsOf(clients: Clients, actor: Actor, userIds: string[]): Promise<Map<string, ActiveSuspension>> {
  const { suspensions } = await clients.identity.listSuspensions({ userIds }, { actor });
  return new Map(suspensions.filter((s) => s.suspended).map((s) => [s.userId, { until: s.until?.toISOString() ?? null, reason: s.reason }]));
}

/** Social's refusal of a suspended person (its projection of identity's suspensions). */
const isSocialSuspendedRefusal = (err: unknown) => isGrpcError(err) && err.code === grpc.status.PERMISSION_DENIED && /^Your account is suspended/.test(err.details);

/**
 * Runs a write social refuses to suspended people (comment, report), asking identity only when social refused: the
 * 403 then says until when and why, as refuseIfSuspended does, without an identity call on every write.
 */
export async function refusedIfSuspended<T>(clients: Clients, actor: Actor, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isSocialSuspendedRefusal(err)) await refuseIfSuspended(clients, actor);
    throw err;
  }
}
