import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A person's own inbox items (a friend request, a reply, a removed comment, …). Agrees on one comment are one row
 * (group_key), updated as more people agree. actor_id is who caused the item, so erasing them removes it.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    groupKey: text('group_key'),
    actorId: uuid('actor_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    index('inbox_items_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('inbox_items_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    uniqueIndex('inbox_items_group_key').on(t.userId, t.groupKey).where(sql`${t.groupKey} IS NOT NULL`),
    index('inbox_items_actor_idx').on(t.actorId).where(sql`${t.actorId} IS NOT NULL`),
    index('inbox_items_created_idx').on(t.createdAt),
    // Erasure finds a person's agrees in others' grouped items.
    index('inbox_items_agreers_idx')
      .using('gin', sql`(${t.payload}->'agreers') jsonb_path_ops`)
      .where(sql`${t.kind} = 'comment-agreed'`),
  ],
);

/** Items for everyone (a new question, a resolution, a corrected one): stored once, never copied per person. */
export const inboxBroadcastItems = pgTable(
  'inbox_broadcast_items',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    questionId: uuid('question_id').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('inbox_broadcast_items_created_idx').on(t.createdAt.desc(), t.id.desc()), index('inbox_broadcast_items_question_idx').on(t.questionId, t.kind)],
);

/** One person's read mark on one item for everyone. */
export const inboxBroadcastReads = pgTable(
  'inbox_broadcast_reads',
  {
    userId: uuid('user_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inboxBroadcastItems.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId], name: 'inbox_broadcast_reads_pk' }), index('inbox_broadcast_reads_item_idx').on(t.itemId)],
);

/** "Mark all read": every item for everyone created before this instant counts as read for the person. */
export const inboxWatermarks = pgTable('inbox_watermarks', {
  userId: uuid('user_id').primaryKey(),
  readAllBefore: ts('read_all_before').notNull(),
});
