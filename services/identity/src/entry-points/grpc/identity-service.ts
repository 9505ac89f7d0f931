import {
  AppError,
  alreadyExists,
  analyticsRange,
  enqueueEvent,
  everyDay,
  forbidden,
  invalid,
  isUuid,
  notFound,
  prom,
  systemClock,
  unaryService,
  unauthenticated,
  type Clock,
} from '@mzansi/kit';
import { sql } from 'drizzle-orm';
import { IdentityServiceService, type IdentityServiceServer } from '@mzansi/proto/identity/v1/identity';
import type { UserRow } from '../../data-access/schema.js';
import { signupsByDay } from '../../data-access/analytics-repo.js';
import * as repo from '../../data-access/users-repo.js';
import { accountHandlers } from './account-handlers.js';
import { moderationHandlers } from './moderation-handlers.js';
import { LoginThrottle, THROTTLED_MESSAGE } from '../../domain/login-throttle.js';
import { profileHandlers, requestVerification } from './profile-handlers.js';
import { resetHandlers } from './reset-handlers.js';
import { dummyHash, hashPassword, verifyPassword } from '../../domain/passwords.js';
import { MESSAGES, searchTerm, validateSignUp } from '../../domain/users.js';
import { toSnapshot, toUser } from './common.js';
import type { IdentityContext } from '../../context.js';

type Ctx = IdentityContext;

/** Creates a user and its `identity.user.registered` event in one transaction. */
export async function createUser(
  ctx: Ctx,
  input: {
    username: string;
    password: string;
    name: string;
    email: string | null;
    phoneNumber: string | null;
    province?: string | null;
    isAdmin?: boolean;
    /** Absent only for the configured admin, who is created by the operator rather than signing up. */
    privacyNoticeVersion?: string;
    /** The signup page's language: the verification mail's (the profile's language stays unset). */
    language?: string | null;
  },
  clock: Clock = systemClock,
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return ctx.transaction(async (tx) => {
    const row = await repo.insertUser(tx, {
      username: input.username,
      name: input.name,
      email: input.email,
      phoneNumber: input.phoneNumber,
      province: input.province ?? null,
      passwordHash,
      isAdmin: input.isAdmin ?? false,
      // The database's now(), as for join_date: the consent is as old as the account, to the microsecond.
      ...(input.privacyNoticeVersion ? { privacyNoticeVersion: input.privacyNoticeVersion, privacyConsentAt: sql`now()` } : {}),
    });
    if (!row) throw alreadyExists(MESSAGES.taken);
    await enqueueEvent(tx, 'identity.user.registered', { user: toSnapshot(row) });
    // An address given at signup is unverified like any other: its link goes out with the account.
    if (row.email) await requestVerification(ctx, tx, row, clock, input.language ?? null);
    return row;
  });
}

const MAX_IDS = 500;

/** identity's own Login brake and the counters that show it (argon2 checks actually run, refusals). */
function loginGuard(ctx: IdentityContext) {
  const throttle = new LoginThrottle({
    limit: ctx.config.LOGIN_THROTTLE_ATTEMPTS,
    windowMs: ctx.config.LOGIN_THROTTLE_WINDOW_S * 1000,
    maxEntries: 100_000,
    clock: systemClock,
  });
  const checks = new prom.Counter({
    name: 'identity_password_checks_total',
    help: 'Login password checks (argon2 verifications) run',
    registers: [ctx.metrics.registry],
  });
  const throttled = new prom.Counter({
    name: 'identity_login_throttled_total',
    help: 'Login calls refused by the per-username throttle before any password check',
    registers: [ctx.metrics.registry],
  });
  return { throttle, checks, throttled };
}

export function registerIdentityService(ctx: IdentityContext, server: import('@grpc/grpc-js').Server, clock: Clock = systemClock) {
  const guard = loginGuard(ctx);
  server.addService(
    IdentityServiceService,
    unaryService<IdentityServiceServer>(
      IdentityServiceService,
      {
        async signUp(req) {
          const input = validateSignUp(req);
          const row = await createUser(ctx, input, clock);
          return { user: toUser(row) };
        },

        async login(req) {
          const username = req.username.trim();
          if (!username || !req.password) throw invalid('Please enter both username and password');
          // Taken before the lookup and argon2; unknown usernames are throttled like real ones.
          if (!guard.throttle.take(username)) {
            guard.throttled.inc();
            throw new AppError('RESOURCE_EXHAUSTED', THROTTLED_MESSAGE);
          }
          const row = username.length <= 30 ? await repo.findByUsername(ctx.db, username) : undefined;
          // Unknown users cost the same as wrong passwords and get the same answer.
          guard.checks.inc();
          const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), req.password.slice(0, 1024));
          if (!row || !ok) throw unauthenticated(MESSAGES.badLogin);
          guard.throttle.succeeded(username);
          return { user: toUser(row) };
        },

        async getUser(req) {
          const row = isUuid(req.id) ? await repo.findById(ctx.db, req.id) : undefined;
          if (!row) throw notFound('User not found');
          return { user: toUser(row) };
        },

        async getUsers(req) {
          if (req.ids.length > MAX_IDS) throw invalid(`At most ${MAX_IDS} ids per call`);
          const rows = await repo.findByIds(ctx.db, [...new Set(req.ids.filter(isUuid))]);
          return { users: rows.map(toUser) };
        },

        async searchUsers(req) {
          const term = searchTerm(req.query);
          const limit = Math.min(Math.max(req.limit || 20, 1), 100);
          return { users: (await repo.searchByUsername(ctx.db, term, limit)).map(toUser) };
        },

        async listUsers(_req, call) {
          if (!call.requireActor().isAdmin) throw forbidden('Admin access required');
          return { users: (await repo.listAll(ctx.db)).map(toUser) };
        },

        async countUsers(req, call) {
          if (!call.requireActor().isAdmin) throw forbidden('Admin access required');
          const since = req.joinedSince ?? new Date(Date.now() - 7 * 24 * 3600_000);
          return repo.countUsers(ctx.db, since);
        },

        // Edit my profile, password, e-mail verification, the audit log (profile-handlers.ts).
        ...profileHandlers(ctx, clock, guard.throttle),

        // Delete my account / download my data (account-handlers.ts).
        ...accountHandlers(ctx, guard),

        // Forgot password: ask for a link, use it, an admin sends one (reset-handlers.ts).
        ...resetHandlers(ctx, clock),

        // Suspensions and display-name replacement (moderation-handlers.ts).
        ...moderationHandlers(ctx, clock),

        // How the day went: sign-ups per SAST day (admin analytics).
        async getSignupAnalytics(req, call) {
          if (!call.requireActor().isAdmin) throw forbidden('Admin access required');
          const range = analyticsRange(req, clock);
          const rows = await signupsByDay(ctx.pool, range);
          return { firstDay: range.firstDay, today: range.today, days: everyDay(range, rows, (day) => ({ day, signups: 0 })) };
        },
      },
      ctx.serverDeps,
    ),
  );
}
