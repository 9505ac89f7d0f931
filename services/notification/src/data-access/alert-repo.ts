import { eq, sql } from 'drizzle-orm';
import { ALERT_DEFAULTS, ALERT_KINDS, type AlertKind } from '@mzansi/api';
import { alertPreferences } from './schema.js';
import type { NotificationQueryable } from '../context.js';

type Q = NotificationQueryable;

export interface AlertChoice {
  kind: AlertKind;
  push: boolean;
  email: boolean;
}

/** Every kind, in ALERT_KINDS order: the person's stored choice, else the default. */
export async function alertChoicesOf(db: Q, userId: string): Promise<AlertChoice[]> {
  const stored = new Map((await storedAlertChoices(db, userId)).map((r) => [r.kind, r]));
  return ALERT_KINDS.map((kind) => {
    const r = stored.get(kind);
    return { kind, push: r?.push ?? ALERT_DEFAULTS[kind].push, email: r?.email ?? ALERT_DEFAULTS[kind].email };
  });
}

/** Applies some changes (a field left out keeps the current choice), in one statement. */
export async function changeAlertChoices(db: Q, userId: string, changes: { kind: AlertKind; push?: boolean; email?: boolean }[]): Promise<void> {
  if (changes.length === 0) return;
  const current = new Map((await alertChoicesOf(db, userId)).map((c) => [c.kind, c]));
  const values = changes.map((c) => {
    const now = current.get(c.kind)!;
    return { userId, kind: c.kind, push: c.push ?? now.push, email: c.email ?? now.email };
  });
  await db
    .insert(alertPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [alertPreferences.userId, alertPreferences.kind],
      set: { push: sql`excluded.push`, email: sql`excluded.email`, updatedAt: sql`now()` },
    });
}

/** The choices a person made (kinds they never changed hold nothing of theirs): for download my data. */
export async function storedAlertChoices(db: Q, userId: string): Promise<AlertChoice[]> {
  const rows = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId));
  return rows.map((r) => ({ kind: r.kind as AlertKind, push: r.push, email: r.email }));
}

export async function eraseAlertChoices(db: Q, userId: string): Promise<void> {
  await db.delete(alertPreferences).where(eq(alertPreferences.userId, userId));
}
