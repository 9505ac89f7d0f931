import { startRetentionLoop, type Clock, type Logger, type Metrics } from '@mzansi/kit';
import * as audit from '../../data-access/audit-repo.js';
import * as verifications from '../../data-access/verification-repo.js';
import * as resets from '../../data-access/password-reset-repo.js';
import { auditCutoff } from '../../domain/audit.js';
import type { IdentityDb } from '../../context.js';

export interface IdentityRetentionResult {
  auditEntries: number;
  verificationLinks: number;
  resetLinks: number;
}

/**
 * One retention pass at `now` (the injected clock): audit entries older than a year and verification links past
 * their expiry (e-mail verification and password reset) are deleted. Safe to run on every replica at once (the deletes simply find nothing the second time).
 */
export async function runIdentityRetention(db: IdentityDb, now: Date): Promise<IdentityRetentionResult> {
  const auditEntries = await db.transaction((tx) => audit.purgeAuditBefore(tx, auditCutoff(now)));
  const verificationLinks = await verifications.deleteExpired(db, now);
  const resetLinks = await resets.deleteExpired(db, now);
  return { auditEntries, verificationLinks, resetLinks };
}

/** Runs the retention pass now and then every `intervalMs` (kit's retention loop); `stop()` waits for a pass in progress. */
export function startIdentityRetention(opts: { db: IdentityDb; logger: Logger; metrics: Metrics; clock: Clock; intervalMs: number }) {
  return startRetentionLoop({ ...opts, run: async () => ({ ...(await runIdentityRetention(opts.db, opts.clock())) }) });
}
