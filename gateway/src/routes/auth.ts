import { Router, type ErrorRequestHandler } from 'express';
import { grpc, isGrpcError, type Clock } from '@mzansi/kit/base';
import { z } from 'zod';
import type { Clients } from '../clients.js';
import type { Config } from '../config.js';
import { HttpError, badRequest, errorBody, parse, unauthorized } from '../errors.js';
import { CONSENT_REQUIRED, PRIVACY_NOTICE_VERSION } from '../privacy.js';
import { MAX_PAYLOAD_LENGTH } from '../challenge.js';
import { tokenBody } from '../params.js';
import { ChallengeRequired, type RateLimits } from '../rate-limit.js';
import { actorOf, clearSignedInHint, hasSignedInHint, setSignedInHint, signIn, signOut, updateSession } from '../session.js';
import type { UserSessions } from '../user-sessions.js';
import { userJson } from '../users.js';
import { pageLanguage } from '../web.js';

const INVALID_LOGIN = 'Invalid username or password';
/** Identity's answers to a signup it refused (nothing created). */
const REFUSED: ReadonlySet<grpc.status> = new Set([grpc.status.INVALID_ARGUMENT, grpc.status.ALREADY_EXISTS]);
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
/** A solved ALTCHA challenge (base64 JSON from the widget), sent when the last answer asked for one. */
const altcha = z.string().max(MAX_PAYLOAD_LENGTH).optional();

// Generous bounds here: identity says precisely what is wrong with a long username, password or name.
const signupBody = z.object({
  username: text(200).trim().min(1),
  password: text(1024).min(1),
  name: text(1000).trim().min(1),
  email: text(254).trim().nullish(),
  phoneNumber: text(30).trim().nullish(),
  /** Optional province code (identity refuses anything but the nine). */
  province: text(10).trim().nullish(),
  /** POPIA consent to the privacy notice: must be exactly `true` (checked after the required fields). */
  consent: z.unknown().optional(),
  /** The page's language (the verification mail's; identity refuses anything but the four). */
  language: text(10).trim().nullish(),
  altcha,
});

const loginBody = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1024),
  altcha,
});

export interface AuthDeps {
  config: Config;
  clients: Clients;
  rateLimits: RateLimits;
  clock: Clock;
  /** The per-user session index (sign-in adds, sign-out removes): deleting an account ends all its sessions. */
  userSessions?: UserSessions;
}

export function authRoutes(r: Router, { config, clients, rateLimits, clock, userSessions }: AuthDeps): void {

  // A fresh proof-of-work challenge for the ALTCHA widget (no session needed; never cached).
  r.get('/challenge', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await rateLimits.challenges.create());
  });

  r.post('/signup', async (req, res) => {
    const body = parse(signupBody, req.body, 'Please fill in all required fields', 'userRequired');
    // Before the signup budget: a form sent without the box ticked costs no challenge. Identity checks it again.
    if (body.consent !== true) throw badRequest(CONSENT_REQUIRED, 'userConsent');
    const admitted = await rateLimits.admitSignup(req.ip ?? '', body.altcha);
    const { user } = await clients.identity
      .signUp({
        username: body.username,
        password: body.password,
        name: body.name,
        email: body.email ?? '',
        phoneNumber: body.phoneNumber ?? '',
        province: body.province ?? '',
        consent: true,
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        // The verification mail is written in the page's language (as sent, else the `lang` cookie, else Accept-Language).
        language: body.language || pageLanguage(req),
      })
      .catch(async (err: unknown) => {
        // A refused signup (bad input, a taken username) creates nothing: it does not spend the address's budget.
        if (admitted === 'budget' && isGrpcError(err) && REFUSED.has(err.code)) await rateLimits.refundSignup(req.ip ?? '');
        throw err;
      });
    await signIn(req, user!, clock, userSessions);
    setSignedInHint(res, config);
    res.status(201).json(userJson(user!));
  });

  r.post('/login', async (req, res) => {
    const body = parse(loginBody, req.body, 'Please enter both username and password', 'loginRequired');
    // The budget is spent before identity runs argon2: parallel guesses cannot race past it.
    await rateLimits.admitLogin(body.username, req.ip ?? '', body.altcha);
    try {
      const { user } = await clients.identity.login({ username: body.username, password: body.password });
      await rateLimits.loginSucceeded(body.username, req.ip ?? '');
      await signIn(req, user!, clock, userSessions);
      setSignedInHint(res, config);
      res.json(userJson(user!));
    } catch (err) {
      if (isGrpcError(err) && err.code === grpc.status.UNAUTHENTICATED) throw new HttpError(401, INVALID_LOGIN, {}, 'userBadLogin');
      throw err;
    }
  });

  r.post('/logout', async (req, res) => {
    await signOut(req, res, config, userSessions);
    res.json({ success: true });
  });

  // 401 to a signed-out request (the contract), which also clears a stale signed-in hint; a session from before
  // the hint existed gets one.
  r.get('/me', async (req, res) => {
    const actor = actorOf(res);
    if (!actor) {
      clearSignedInHint(req, res, config);
      throw new HttpError(401, 'Not signed in', {}, 'notSignedIn');
    }
    try {
      const { user } = await clients.identity.getUser({ id: actor.id }, { actor });
      if (user!.isAdmin !== actor.isAdmin) await updateSession(req, { isAdmin: user!.isAdmin });
      if (!hasSignedInHint(req)) setSignedInHint(res, config);
      res.json(userJson(user!));
    } catch (err) {
      if (isGrpcError(err) && err.code === grpc.status.NOT_FOUND) {
        await signOut(req, res, config, userSessions);
        throw new HttpError(401, 'Not signed in', {}, 'notSignedIn');
      }
      throw err;
    }
  });

  // The SPA's /verify-email page posts the token when the person presses "Confirm" (not on load: mail scanners
  // that open links must not use up a single-use token). No session needed: the link in the mail is the authority.
  r.post('/verify-email', async (req, res) => {
    const { token } = parse(tokenBody, req.body, 'This link is invalid or has expired', 'verifyInvalidLink');
    const { email } = await clients.identity.verifyEmail({ token });
    res.json({ success: true, email, message: `${email} is verified.` });
  });

  r.use(challengeRequired);
}

/** 429 `{"message", "code", "challengeRequired": true}`: the web shows the ALTCHA widget and retries with its payload. */
const challengeRequired: ErrorRequestHandler = (err, _req, res, next) => {
  if (!(err instanceof ChallengeRequired)) return next(err);
  res.status(429).set('Cache-Control', 'no-store').json({ ...errorBody(err), challengeRequired: true });
};
