import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { addAgree, agreeGroupKey, removeAgreer, type AgreePayload, type BroadcastKind, type PersonalKind } from '../domain/inbox.js';
import { inboxBroadcastItems, inboxBroadcastReads, inboxItems, inboxWatermarks } from './schema.js';
import type { NotificationQueryable } from '../context.js';

type Q = NotificationQueryable;

/** An inbox item as the inbox calls answer it and the live channel carries it. */
export interface StoredItem {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  createdAt: Date;
  read: boolean;
}

type Personal = { id: string; userId: string; kind: PersonalKind; payload: Record<string, unknown>; actorId?: string; createdAt: Date };

/** Stores a personal item (the event id is its id: a second store of the same event is nothing). */
export async function addPersonal(db: Q, p: Personal): Promise<StoredItem | undefined> {
  const [row] = await db
    .insert(inboxItems)
    .values({ id: p.id, userId: p.userId, kind: p.kind, payload: p.payload, actorId: p.actorId ?? null, createdAt: p.createdAt })
    .onConflictDoNothing()
    .returning();
  return row && { id: row.id, kind: row.kind, payload: row.payload as Record<string, unknown>, createdAt: row.createdAt, read: false };
}

/**
 * One more agree on a comment: the author's one item for that comment counts it, names the latest agreer, moves to
 * the top and is unread again. Undefined when the person was counted already.
 */
export async function addAgreeItem(
  db: Q,
  a: { id: string; userId: string; commentId: string; questionId: string; agreerId: string; agreerName: string; at: Date },
): Promise<StoredItem | undefined> {
  const groupKey = agreeGroupKey(a.commentId);
  const [current] = await db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, a.userId), eq(inboxItems.groupKey, groupKey)))
    .for('update')
    .limit(1);
  const payload = addAgree(current?.payload as AgreePayload | undefined, a);
  if (!payload) return undefined;
  if (!current) {
    const [row] = await db
      .insert(inboxItems)
      .values({ id: a.id, userId: a.userId, kind: 'comment-agreed', payload, groupKey, createdAt: a.at })
      .onConflictDoNothing()
      .returning();
    return row && { id: row.id, kind: row.kind, payload, createdAt: row.createdAt, read: false };
  }
  const [row] = await db.update(inboxItems).set({ payload, createdAt: a.at, readAt: null }).where(eq(inboxItems.id, current.id)).returning();
  return { id: row!.id, kind: row!.kind, payload, createdAt: row!.createdAt, read: false };
}

/**
 * Stores the same kind of item for many people at once (one statement), once each: a person who already has the item
 * of this group (the same `groupKey`) gets nothing. Returns the items stored now.
 */
export async function addPersonalMany(
  db: Q,
  p: { userIds: string[]; kind: PersonalKind; groupKey: string; payload: Record<string, unknown>; createdAt: Date },
): Promise<(StoredItem & { userId: string })[]> {
  if (p.userIds.length === 0) return [];
  const rows = await db
    .insert(inboxItems)
    .values(p.userIds.map((userId) => ({ id: randomUUID(), userId, kind: p.kind, payload: p.payload, groupKey: p.groupKey, createdAt: p.createdAt })))
    .onConflictDoNothing()
    .returning();
  return rows.map((row) => ({ id: row.id, userId: row.userId, kind: row.kind, payload: row.payload as Record<string, unknown>, createdAt: row.createdAt, read: false }));
}

/** A question's resolution item for everyone, rewritten as its resolution now stands (a correction): merged into its payload. */
export async function reviseResolution(db: Q, questionId: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .update(inboxBroadcastItems)
    .set({ payload: sql`${inboxBroadcastItems.payload} || ${JSON.stringify(patch)}::jsonb` })
    .where(and(eq(inboxBroadcastItems.questionId, questionId), eq(inboxBroadcastItems.kind, 'question-resolved')));
}

/** Stores an item for everyone, once. */
export async function addBroadcast(db: Q, b: { id: string; kind: BroadcastKind; questionId: string; payload: Record<string, unknown>; createdAt: Date }) {
  await db.insert(inboxBroadcastItems).values(b).onConflictDoNothing();
}

/** The published question's stored text (the resolution item repeats it): undefined when it was not seen. */
export async function publishedQuestion(db: Q, questionId: string): Promise<{ text?: string; translations?: Record<string, string> } | undefined> {
  const [row] = await db
    .select({ payload: inboxBroadcastItems.payload })
    .from(inboxBroadcastItems)
    .where(and(eq(inboxBroadcastItems.questionId, questionId), eq(inboxBroadcastItems.kind, 'question-published')))
    .limit(1);
  return row?.payload as { text?: string; translations?: Record<string, string> } | undefined;
}

/** The person's join date and "read all before" mark, as one row the read queries join. */
const me = (userId: string) => sql`(
  SELECT COALESCE((SELECT joined_at FROM contacts WHERE user_id = ${userId}), 'infinity'::timestamptz) AS joined,
         COALESCE((SELECT read_all_before FROM inbox_watermarks WHERE user_id = ${userId}), '-infinity'::timestamptz) AS mark
) me`;

type ItemRow = { id: string; kind: string; payload: Record<string, unknown>; created_at: Date | string; read: boolean };

/**
 * A page of the person's inbox, newest first, before `before`: their own items and the items for everyone since
 * they joined, each side its own index range (at most `limit` from each), merged.
 */
export async function listInbox(db: Q, userId: string, opts: { before: Date; after: Date; limit: number }): Promise<StoredItem[]> {
  const { rows } = await db.execute<ItemRow>(sql`
    (SELECT i.id, i.kind, i.payload, i.created_at, i.read_at IS NOT NULL AS read
       FROM inbox_items i
      WHERE i.user_id = ${userId} AND i.created_at > ${opts.after} AND i.created_at < ${opts.before}
      ORDER BY i.created_at DESC, i.id DESC LIMIT ${opts.limit})
    UNION ALL
    (SELECT b.id, b.kind, b.payload, b.created_at, (b.created_at < me.mark OR r.item_id IS NOT NULL) AS read
       FROM inbox_broadcast_items b CROSS JOIN ${me(userId)}
       LEFT JOIN inbox_broadcast_reads r ON r.user_id = ${userId} AND r.item_id = b.id
      WHERE b.created_at > GREATEST(me.joined, ${opts.after}) AND b.created_at < ${opts.before}
      ORDER BY b.created_at DESC, b.id DESC LIMIT ${opts.limit})
    ORDER BY created_at DESC, id DESC LIMIT ${opts.limit}`);
  return rows.map((r) => ({ id: r.id, kind: r.kind, payload: r.payload, createdAt: new Date(r.created_at), read: r.read }));
}

/** How many of the person's items (since `after`) are unread. */
export async function unreadCount(db: Q, userId: string, after: Date): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`
    SELECT (SELECT count(*) FROM inbox_items WHERE user_id = ${userId} AND read_at IS NULL AND created_at > ${after})
         + (SELECT count(*) FROM inbox_broadcast_items b CROSS JOIN ${me(userId)}
             WHERE b.created_at > GREATEST(me.joined, me.mark, ${after})
               AND NOT EXISTS (SELECT 1 FROM inbox_broadcast_reads r WHERE r.user_id = ${userId} AND r.item_id = b.id)) AS n`);
  return Number(rows[0]?.n ?? 0);
}

/** Marks these items read for the person (their own items; items for everyone get a read mark). Unknown ids: nothing. */
export async function markRead(db: Q, userId: string, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(inboxItems)
    .set({ readAt: now })
    .where(and(eq(inboxItems.userId, userId), inArray(inboxItems.id, ids), isNull(inboxItems.readAt)));
  await db.execute(sql`
    INSERT INTO inbox_broadcast_reads (user_id, item_id, read_at)
    SELECT ${userId}, b.id, ${now} FROM inbox_broadcast_items b WHERE b.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
    ON CONFLICT DO NOTHING`);
}

/** Marks everything read: the person's own items, and a watermark for the items for everyone (their marks are then moot). */
export async function markAllRead(db: Q, userId: string, now: Date): Promise<void> {
  await db.update(inboxItems).set({ readAt: now }).where(and(eq(inboxItems.userId, userId), isNull(inboxItems.readAt)));
  await db
    .insert(inboxWatermarks)
    .values({ userId, readAllBefore: now })
    .onConflictDoUpdate({ target: inboxWatermarks.userId, set: { readAllBefore: sql`GREATEST(${inboxWatermarks.readAllBefore}, excluded.read_all_before)` } });
  await db.delete(inboxBroadcastReads).where(and(eq(inboxBroadcastReads.userId, userId), lt(inboxBroadcastReads.readAt, now)));
}

/** Retention: items older than `cutoff` (read marks of items for everyone go with them). */
export async function pruneInbox(db: Q, cutoff: Date): Promise<{ personal: number; broadcast: number }> {
  const personal = await db.delete(inboxItems).where(lt(inboxItems.createdAt, cutoff)).returning({ id: inboxItems.id });
  const broadcast = await db.delete(inboxBroadcastItems).where(lt(inboxBroadcastItems.createdAt, cutoff)).returning({ id: inboxBroadcastItems.id });
  return { personal: personal.length, broadcast: broadcast.length };
}

/**
 * Erasure: the person's inbox, read marks and watermark, the items in others' inboxes that they caused, and their
 * agrees taken out of others' grouped items (one fewer, named by the latest left).
 */
export async function eraseInbox(db: Q, userId: string): Promise<void> {
  await db.delete(inboxItems).where(eq(inboxItems.userId, userId));
  await db.delete(inboxItems).where(eq(inboxItems.actorId, userId));
  const groups = await db
    .select({ id: inboxItems.id, payload: inboxItems.payload })
    .from(inboxItems)
    .where(and(eq(inboxItems.kind, 'comment-agreed'), sql`${inboxItems.payload}->'agreers' @> ${JSON.stringify([{ id: userId }])}::jsonb`))
    .for('update');
  for (const g of groups) {
    const payload = removeAgreer(g.payload as AgreePayload, userId);
    if (payload) await db.update(inboxItems).set({ payload }).where(eq(inboxItems.id, g.id));
    else await db.delete(inboxItems).where(eq(inboxItems.id, g.id));
  }
  await db.delete(inboxBroadcastReads).where(eq(inboxBroadcastReads.userId, userId));
  await db.delete(inboxWatermarks).where(eq(inboxWatermarks.userId, userId));
}
