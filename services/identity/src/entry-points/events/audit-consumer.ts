import { isUuid } from '@mzansi/kit';
import { producerOf } from '@mzansi/proto/events';
import * as audit from '../../data-access/audit-repo.js';
import type { IdentityConsumer } from '../../context.js';

type AuditEvent = 'questions.audit.recorded' | 'social.audit.recorded';

/**
 * Keeps the admin actions another service records (kit/audit.ts) in identity's append-only audit log; one durable
 * consumer per producing service (a consumer reads one stream). The event id is the entry's id, so a redelivery
 * adds nothing (and the inbox already skips it).
 */
export function auditEventsConsumer(type: AuditEvent): IdentityConsumer<AuditEvent> {
  return {
    name: `identity-on-${producerOf(type)}-audit`,
    types: [type],
    async handle(event, tx) {
      const d = event.data;
      // Only a well-formed record is kept; anything else would fail the insert forever (and dead-letter).
      if (!isUuid(d.actorId) || !d.action || (d.outcome !== 'success' && d.outcome !== 'failure')) return;
      await audit.appendAudit(tx, event.id, producerOf(event.type), {
        actorId: d.actorId,
        action: d.action,
        targetType: d.targetType,
        targetId: d.targetId,
        targetLabel: d.targetLabel,
        outcome: d.outcome,
        detail: d.detail,
        occurredAt: d.occurredAt ?? new Date(event.occurredAt),
      });
    },
  };
}
