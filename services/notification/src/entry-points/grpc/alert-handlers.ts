import { invalid, type CallContext } from '@mzansi/kit';
import { ALERT_KINDS, type AlertKind } from '@mzansi/api';
import type {
  GetAlertPreferencesRequest,
  GetAlertPreferencesResponse,
  SetAlertPreferencesRequest,
  SetAlertPreferencesResponse,
} from '@mzansi/proto/notification/v1/notification';
import { alertChoicesOf, changeAlertChoices } from '../../data-access/alert-repo.js';
import type { NotificationContext } from '../../context.js';

type Handler<Req, Res> = (req: Req, call: CallContext) => Promise<Res>;

const isAlertKind = (k: string): k is AlertKind => (ALERT_KINDS as readonly string[]).includes(k);

/** The acting user's push and e-mail choice per kind of alert (the delivery queries read the same rows). */
export function alertHandlers(ctx: NotificationContext): {
  getAlertPreferences: Handler<GetAlertPreferencesRequest, GetAlertPreferencesResponse>;
  setAlertPreferences: Handler<SetAlertPreferencesRequest, SetAlertPreferencesResponse>;
} {
  return {
    async getAlertPreferences(_req, call) {
      return { preferences: await alertChoicesOf(ctx.db, call.requireActor().id) };
    },

    async setAlertPreferences(req, call) {
      const me = call.requireActor().id;
      const unknown = req.changes.find((c) => !isAlertKind(c.kind));
      if (unknown) throw invalid(`Unknown kind of alert: ${unknown.kind.slice(0, 40)}`);
      if (req.changes.length > ALERT_KINDS.length) throw invalid(`At most ${ALERT_KINDS.length} changes at once`);
      const changes = req.changes.map((c) => ({ kind: c.kind as AlertKind, push: c.push, email: c.email }));
      await ctx.transaction((tx) => changeAlertChoices(tx, me, changes));
      return { preferences: await alertChoicesOf(ctx.db, me) };
    },
  };
}
