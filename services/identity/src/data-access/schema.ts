/** identity's tables, as drizzle-kit and the service read them (each table in its own file). */
export { inbox, outbox } from '@mzansi/kit';
export { users, type UserRow } from './users-schema.js';
export { auditLog, type AuditRow } from './audit-schema.js';
export { emailVerifications, type EmailVerificationRow } from './verification-schema.js';
export { passwordResets, type PasswordResetRow } from './password-reset-schema.js';
