import { z } from 'zod';
import { isoDate, isoDateOrNull, LANGUAGES, Person } from './common.js';
import { ActiveSuspension } from './moderation.js';

/** The longest solved-challenge payload accepted: a real one is a few hundred bytes. */
export const MAX_CHALLENGE_PAYLOAD = 4_096;

/** The user as the web app sees them (spec §3 User). */
export const User = z.strictObject({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  joinDate: isoDateOrNull,
  isAdmin: z.boolean(),
  emailNotifications: z.boolean(),
  browserNotifications: z.boolean(),
  whatsappNotifications: z.boolean(),
  emailVerified: z.boolean(),
  privacyConsent: z.strictObject({ noticeVersion: z.string(), acceptedAt: isoDateOrNull }).nullable(),
  province: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  /** Why a moderator replaced the display name (the profile tells the person); null when it never was. */
  nameReplacedReason: z.string().nullable(),
  /** The "complete your profile" step after the first vote was saved or skipped: the web shows it no more. */
  profilePromptDone: z.boolean(),
});

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
/** A solved ALTCHA challenge (base64 JSON from the widget), sent when the last answer asked for one. */
const altcha = z.string().max(MAX_CHALLENGE_PAYLOAD).optional();

/** POST /api/auth/signup. Generous bounds: identity says precisely what is wrong with a long field. */
export const SignupBody = z.object({
  username: text(200).trim().min(1),
  password: text(1024).min(1),
  name: text(1000).trim().min(1),
  email: text(254).trim().nullish(),
  phoneNumber: text(30).trim().nullish(),
  province: text(10).trim().nullish(),
  /** POPIA consent to the privacy notice: must be exactly `true` (checked after the required fields). */
  consent: z.unknown().optional(),
  language: text(10).trim().nullish(),
  altcha,
});

export const LoginBody = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1024),
  altcha,
});

/** GET /api/auth/challenge: an ALTCHA (v2) proof-of-work challenge, signed; the widget solves it. */
export const Challenge = z.strictObject({
  // altcha-lib's own shape: more parameters may come with its versions (not checked here).
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
  codeChallenge: z.object({ image: z.string() }).optional(),
});

export const EmailMessage = z.strictObject({ success: z.literal(true), email: z.string(), message: z.string() });

const nothingToUpdate = (b: Record<string, unknown>) => Object.values(b).some((v) => v !== undefined);

export const NotificationsBody = z
  .object({
    emailNotifications: z.boolean().optional(),
    browserNotifications: z.boolean().optional(),
    whatsappNotifications: z.boolean().optional(),
  })
  .refine(nothingToUpdate, 'Nothing to update');

export const ProfileBody = z
  .object({
    name: z.string().max(300).optional(),
    email: z.string().max(254).nullish(),
    phoneNumber: z.string().max(30).nullish(),
    emailNotifications: z.boolean().optional(),
    browserNotifications: z.boolean().optional(),
    whatsappNotifications: z.boolean().optional(),
    /** A province code, or null to clear it (identity checks it). */
    province: z.string().max(10).nullish(),
    /** An interface language, or null to clear it (identity checks it). */
    language: z.string().max(10).nullish(),
    /** `true`: the "complete your profile" step is done (saved or skipped); it cannot be undone. */
    profilePromptDone: z.literal(true, 'profilePromptDone can only be true').optional(),
  })
  .refine(nothingToUpdate, 'Nothing to update');

export const PasswordBody = z.object({
  currentPassword: z.string().max(1024).default(''),
  newPassword: z.string().max(256, 'Password must be at most 256 characters').default(''),
});
export const PasswordChanged = z.strictObject({ success: z.literal(true), otherSessionsEnded: z.number().int(), message: z.string() });

export const DeleteAccountBody = z.object({ password: z.string({ message: 'password must be text' }).max(1024).optional() });

export const SearchQuery = z.object({ q: z.string().max(100).default('') });
/**
 * `?q=_all` (admins): everyone, with their join dates, whether their address is verified (reset links) and the
 * suspension in force (null when none).
 */
export const UserSearch = z.union([
  z.array(Person),
  z.array(Person.extend({ joinDate: isoDateOrNull, emailVerified: z.boolean(), suspension: ActiveSuspension.nullable() })),
]);

export const PrivacySettings = z.strictObject({
  answerVisibility: z.enum(['friends', 'nobody']),
  hideUntilResolved: z.boolean(),
  /** Named on the national boards (off until the user opts in; `nobody` keeps them off whatever this says). */
  listOnNationalBoard: z.boolean(),
  updatedAt: isoDateOrNull,
});
export const PrivacyBody = z
  .object({
    answerVisibility: z.enum(['friends', 'nobody'], 'answerVisibility must be "friends" or "nobody"').optional(),
    hideUntilResolved: z.boolean('hideUntilResolved must be true or false').optional(),
    listOnNationalBoard: z.boolean('listOnNationalBoard must be true or false').optional(),
  })
  .refine((b) => b.answerVisibility !== undefined || b.hideUntilResolved !== undefined || b.listOnNationalBoard !== undefined, 'Nothing to update');

export const PrivacyNotice = z.strictObject({
  version: z.string(),
  informationOfficer: z.strictObject({ name: z.string(), email: z.string() }),
});

/** "Download my data": one JSON document of everything held about the person (its parts are the services'). */
export const ExportDocument = z.looseObject({
  format: z.literal('mzansi-predicts-export/1'),
  exportedAt: isoDate,
  profile: z.looseObject({ id: z.string(), username: z.string() }),
});

export const AuditQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const AuditLog = z.strictObject({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  entries: z.array(
    z.strictObject({
      id: z.string(),
      at: isoDateOrNull,
      actor: z.strictObject({ id: z.string(), username: z.string().nullable(), name: z.string().nullable() }),
      action: z.string(),
      target: z.strictObject({ type: z.string(), id: z.string(), label: z.string().nullable() }),
      outcome: z.string(),
      detail: z.string().nullable(),
      source: z.string(),
    }),
  ),
});

export type User = z.infer<typeof User>;
export type PrivacySettings = z.infer<typeof PrivacySettings>;
export type UserSearch = z.infer<typeof UserSearch>;
