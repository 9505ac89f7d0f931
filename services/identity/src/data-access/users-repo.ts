import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { users, type UserRow } from './schema.js';
import { emailVerifications } from './verification-schema.js';
import type { IdentityQueryable } from '../context.js';

type Q = IdentityQueryable;

export async function findByUsername(db: Q, username: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
  return rows[0];
}

export async function findById(db: Q, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findByIds(db: Q, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Inserts a user; returns undefined when the username is taken (ignoring case). */
export async function insertUser(db: Q, values: PgInsertValue<typeof users>): Promise<UserRow | undefined> {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/** Case-insensitive substring on username, sorted by username (served by the trigram index). */
export async function searchByUsername(db: Q, term: string, limit: number): Promise<UserRow[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) LIKE ${pattern}`)
    .orderBy(sql`lower(${users.username})`)
    .limit(limit);
}

/** Users with a suspension set at `now` (permanent, or ending later), among `ids` or, with none given, all of them. */
export async function listSuspended(db: Q, now: Date, ids: string[] | null): Promise<UserRow[]> {
  const current = and(isNotNull(users.suspendedAt), or(isNull(users.suspendedUntil), gt(users.suspendedUntil, now)));
  return db
    .select()
    .from(users)
    .where(ids ? and(inArray(users.id, ids), current) : current)
    .orderBy(asc(users.id));
}

export async function listAll(db: Q): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(sql`lower(${users.username})`));
}

export async function updateUser(db: Q, id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

/** Every user, and those who joined at or after `since` (admin analytics). */
export async function countUsers(db: Q, since: Date): Promise<{ total: number; joined: number }> {
  const rows = await db
    .select({ total: sql<number>`count(*)::int`, joined: sql<number>`count(*) FILTER (WHERE ${users.joinDate} >= ${since})::int` })
    .from(users);
  return { total: rows[0]?.total ?? 0, joined: rows[0]?.joined ?? 0 };
}

/**
 * Deletes an account and what identity keeps hanging off it (outstanding e-mail verification links); the username
 * is free again at once. False when there was no such account.
 */
export async function deleteUser(db: Q, id: string): Promise<boolean> {
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, id));
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
