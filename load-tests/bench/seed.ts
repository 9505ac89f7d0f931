/**
 * BENCH-ONLY fast seeding. Signing up or logging in 10,000 users through HTTP runs argon2 (≈ 50 ms of CPU each)
 * per user, which would dominate the bench. Instead:
 *  - users are inserted straight into the identity database, all with ONE precomputed argon2id hash;
 *    no `identity.user.registered` events are published (social's directory is not needed by the burst);
 *  - sessions are minted directly in Redis as the gateway stores them (gateway/src/session-store.ts:
 *    `${REDIS_PREFIX}sess:<id>` → JSON {userId, isAdmin, createdAt, lastSeenAt, tracked}, TTL = idle TTL), plus
 *    the `cookie` field an express-session gateway needs (an A/B baseline from before session-store.ts; the
 *    gateway ignores it), and the cookie is signed by cookie-signature as the gateway signs it: `s:` + id + '.' +
 *    base64 HMAC-SHA256(id, SESSION_SECRET) without trailing '=', URL-encoded. Each session is also in its user's
 *    index (`${REDIS_PREFIX}user-sess:<userId>`, a set) and marked `tracked`, as a sign-in leaves it;
 *  - users carry the privacy consent a real signup records (`consent: true`: notice version + time), so the seeded
 *    accounts are what the signup route creates.
 * `touch()` sets lastSeenAt to now, as the voter's page load does just before a vote (the gateway refreshes it at
 * most once a minute; a fresh, tracked session costs a vote one Redis read and no write).
 * Never use this outside the bench: it bypasses authentication on purpose.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { sign } from 'cookie-signature';

export interface SeededUser {
  id: string;
  username: string;
  /** The value of the Cookie header. */
  cookie: string;
}

export interface SeedOptions {
  identityDbUrl: string;
  redisUrl: string;
  redisPrefix: string;
  sessionSecret: string;
  cookieName: string;
  idleTtlS: number;
  count: number;
  runId: string;
}

async function oneHash(): Promise<string> {
  try {
    const argon2 = await import('@node-rs/argon2');
    return await argon2.hash('bench-password-not-secret', { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  } catch {
    // A syntactically valid argon2id PHC string (nobody logs in with it in the bench anyway).
    return '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0000000000000000000000000000000000000000000';
  }
}

export function signedCookie(name: string, sid: string, secret: string): string {
  return `${name}=${encodeURIComponent('s:' + sign(sid, secret))}`;
}

export async function seed(o: SeedOptions): Promise<{ users: SeededUser[]; admin: SeededUser; touch(users: SeededUser[]): Promise<void>; cleanup(): Promise<void> }> {
  const hash = await oneHash();
  const all: { id: string; username: string; isAdmin: boolean }[] = [
    { id: randomUUID(), username: `bench_${o.runId}_admin`, isAdmin: true },
    ...Array.from({ length: o.count }, (_, i) => ({ id: randomUUID(), username: `bench_${o.runId}_${i + 1}`, isAdmin: false })),
  ];

  const db = new pg.Client({ connectionString: o.identityDbUrl });
  await db.connect();
  try {
    for (let i = 0; i < all.length; i += 5_000) {
      const batch = all.slice(i, i + 5_000);
      await db.query(
        // Consent as a real signup records it (POPIA): the notice version and the moment; the admin has none.
        `INSERT INTO users (id, username, name, password_hash, is_admin, privacy_notice_version, privacy_consent_at)
         SELECT u.id, u.username, u.username, $3, u.is_admin, CASE WHEN u.is_admin THEN NULL ELSE '1.0' END,
                CASE WHEN u.is_admin THEN NULL ELSE now() END
         FROM unnest($1::uuid[], $2::text[], $4::boolean[]) AS u(id, username, is_admin)`,
        [batch.map((u) => u.id), batch.map((u) => u.username), hash, batch.map((u) => u.isAdmin)],
      );
    }
  } finally {
    await db.end();
  }

  const redis = createClient({ url: o.redisUrl, RESP: 2 });
  await redis.connect();
  const keys: string[] = [];
  const now = Date.now();
  const seeded: SeededUser[] = [];
  const sessions = new Map<string, { key: string; sess: { lastSeenAt: number } & Record<string, unknown> }>();
  try {
    for (let i = 0; i < all.length; i += 2_000) {
      await Promise.all(
        all.slice(i, i + 2_000).map((u) => {
          const sid = randomBytes(24).toString('base64url'); // a 192-bit id, as the gateway's own
          const key = `${o.redisPrefix}sess:${sid}`;
          keys.push(key);
          const sess = {
            cookie: {
              originalMaxAge: o.idleTtlS * 1000,
              expires: new Date(now + o.idleTtlS * 1000).toISOString(),
              secure: false,
              httpOnly: true,
              path: '/',
              sameSite: 'lax',
            },
            userId: u.id,
            isAdmin: u.isAdmin,
            tracked: true,
            createdAt: now,
            lastSeenAt: now,
          };
          const index = `${o.redisPrefix}user-sess:${u.id}`;
          keys.push(index);
          sessions.set(u.id, { key, sess });
          seeded.push({ id: u.id, username: u.username, cookie: signedCookie(o.cookieName, sid, o.sessionSecret) });
          return Promise.all([
            redis.sendCommand(['SET', key, JSON.stringify(sess), 'EX', String(o.idleTtlS)]),
            redis.sendCommand(['SADD', index, sid]),
            redis.sendCommand(['EXPIRE', index, String(30 * 24 * 3600)]),
          ]);
        }),
      );
    }
  } finally {
    await redis.quit();
  }
  const [admin, ...users] = seeded;
  return {
    admin: admin!,
    users,
    async touch(who: SeededUser[]) {
      const r = createClient({ url: o.redisUrl, RESP: 2 });
      await r.connect();
      try {
        const at = Date.now();
        for (let i = 0; i < who.length; i += 2_000) {
          await Promise.all(
            who.slice(i, i + 2_000).map((u) => {
              const s = sessions.get(u.id);
              if (!s) return undefined;
              s.sess.lastSeenAt = at;
              return r.sendCommand(['SET', s.key, JSON.stringify(s.sess), 'KEEPTTL']);
            }),
          );
        }
      } finally {
        await r.quit();
      }
    },
    async cleanup() {
      const r = createClient({ url: o.redisUrl, RESP: 2 });
      await r.connect();
      for (let i = 0; i < keys.length; i += 1_000) await r.sendCommand(['DEL', ...keys.slice(i, i + 1_000)]);
      await r.quit();
      const c = new pg.Client({ connectionString: o.identityDbUrl });
      await c.connect();
      await c.query('DELETE FROM users WHERE username LIKE $1', [`bench\\_${o.runId}\\_%`]).catch(() => undefined);
      await c.end();
    },
  };
}
