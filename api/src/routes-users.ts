import { Success, TokenBody, UserIdParams } from './common.js';
import { route, type Media } from './route.js';
import {
  AuditLog,
  AuditQuery,
  Challenge,
  DeleteAccountBody,
  EmailMessage,
  ExportDocument,
  LoginBody,
  NotificationsBody,
  PasswordBody,
  PasswordChanged,
  PrivacyBody,
  PrivacyNotice,
  PrivacySettings,
  ProfileBody,
  SearchQuery,
  SignupBody,
  User,
  UserSearch,
} from './users.js';
import { PushClick, PushClickBody } from './analytics.js';
import { AlertPreferences, AlertPreferencesBody, InboxPage, InboxQuery, InboxRead, InboxReadBody, InboxUnread, NewsletterBody, NewsletterSubscribed, PushRemoved, PushSubscription, PushTest, PushUnsubscribeBody, Unsubscribed, UnsubscribeBody, UnsubscribeQuery, VapidKey } from './notifications.js';

const AUTH = 'Sign-in';
const U = 'Users and settings';
const N = 'Notifications and newsletter';
const REDIRECT: Media = { media: '', description: 'See Other: the unsubscribe page (with the token)' };

/** Sign-in, the account, its settings, notifications and the newsletter. */
export const userRoutes = {
  'GET /api/auth/challenge': route({ tag: AUTH, access: 'public', summary: 'A proof-of-work challenge for the ALTCHA widget', responses: { 200: Challenge } }),
  'POST /api/auth/signup': route({ tag: AUTH, access: 'public', summary: 'Create an account and sign in (POPIA consent required)', body: SignupBody, responses: { 201: User } }),
  'POST /api/auth/login': route({ tag: AUTH, access: 'public', summary: 'Sign in', body: LoginBody, responses: { 200: User } }),
  'POST /api/auth/logout': route({ tag: AUTH, access: 'public', summary: 'Sign out', responses: { 200: Success } }),
  'GET /api/auth/me': route({ tag: AUTH, access: 'user', summary: 'The signed-in user (401 signed out)', responses: { 200: User } }),
  'POST /api/auth/verify-email': route({ tag: AUTH, access: 'public', summary: 'Confirm an e-mail address with the mailed token', body: TokenBody, responses: { 200: EmailMessage } }),
  'GET /api/users/search': route({ tag: U, access: 'user', summary: 'Find people by name or username (≥ 2 characters)', query: SearchQuery, responses: { 200: UserSearch } }),
  'PUT /api/users/{id}/notifications': route({ tag: U, access: 'user', summary: 'Notification preferences (self)', params: UserIdParams, body: NotificationsBody, responses: { 200: User } }),
  'PATCH /api/users/{id}': route({ tag: U, access: 'user', summary: 'Edit the profile (self)', params: UserIdParams, body: ProfileBody, responses: { 200: User } }),
  'DELETE /api/users/{id}': route({
    tag: U,
    access: 'user',
    summary: 'Delete an account (self with the password, or an admin); ends all its sessions',
    params: UserIdParams,
    body: DeleteAccountBody,
    responses: { 200: Success },
  }),
  'GET /api/users/{id}/export': route({ tag: U, access: 'user', summary: 'Download my data (self): one JSON attachment', params: UserIdParams, responses: { 200: ExportDocument } }),
  'POST /api/users/{id}/password': route({
    tag: U,
    access: 'user',
    summary: 'Change the password (self); every other session is signed out',
    params: UserIdParams,
    body: PasswordBody,
    responses: { 200: PasswordChanged },
  }),
  'POST /api/users/{id}/email-verification': route({ tag: U, access: 'user', summary: 'Send the verification mail again (self)', params: UserIdParams, responses: { 200: EmailMessage } }),
  'GET /api/users/{id}/privacy': route({ tag: U, access: 'user', summary: 'Who sees my answers (self)', params: UserIdParams, responses: { 200: PrivacySettings } }),
  'PUT /api/users/{id}/privacy': route({ tag: U, access: 'user', summary: 'Change who sees my answers and whether the national boards name me (self)', params: UserIdParams, body: PrivacyBody, responses: { 200: PrivacySettings } }),
  'GET /api/users/{id}/inbox': route({ tag: N, access: 'user', summary: 'My inbox, newest first, 30 a page (self)', params: UserIdParams, query: InboxQuery, responses: { 200: InboxPage } }),
  'GET /api/users/{id}/inbox/unread': route({ tag: N, access: 'user', summary: 'How many inbox items are unread (self)', params: UserIdParams, responses: { 200: InboxUnread } }),
  'PUT /api/users/{id}/inbox/read': route({ tag: N, access: 'user', summary: 'Mark inbox items read, some or all (self)', params: UserIdParams, body: InboxReadBody, responses: { 200: InboxRead } }),
  'GET /api/users/{id}/alert-preferences': route({ tag: N, access: 'user', summary: 'What I hear about by push and by e-mail, per kind (self)', params: UserIdParams, responses: { 200: AlertPreferences } }),
  'PUT /api/users/{id}/alert-preferences': route({ tag: N, access: 'user', summary: 'Change what I hear about by push and by e-mail (self)', params: UserIdParams, body: AlertPreferencesBody, responses: { 200: AlertPreferences } }),
  'GET /api/privacy-notice': route({ tag: U, access: 'public', summary: "The privacy notice's version and information officer", responses: { 200: PrivacyNotice } }),
  'GET /api/admin/audit': route({ tag: 'Admin', access: 'admin', summary: 'The audit log, newest first, 50 a page', query: AuditQuery, responses: { 200: AuditLog } }),
  'GET /api/notifications/vapid-public-key': route({ tag: N, access: 'public', summary: "The web push server's public key", responses: { 200: VapidKey } }),
  'POST /api/notifications/subscribe': route({ tag: N, access: 'user', summary: "Register the browser's push subscription", body: PushSubscription, responses: { 201: Success } }),
  'POST /api/notifications/unsubscribe': route({ tag: N, access: 'user', summary: 'Remove a push subscription', body: PushUnsubscribeBody, responses: { 200: PushRemoved } }),
  'POST /api/notifications/test': route({ tag: N, access: 'user', summary: 'Send a test notification to my browsers', responses: { 200: PushTest } }),
  'POST /api/notifications/push-clicks': route({
    tag: N,
    access: 'user',
    summary: 'The service worker reports a click on a push notification I was sent (once per notification counts; rate-limited)',
    body: PushClickBody,
    responses: { 200: PushClick },
  }),
  'POST /api/newsletter/subscribe': route({
    tag: N,
    access: 'public',
    summary: 'Subscribe to the newsletter (double opt-in; 202 alike for a new and a known address)',
    body: NewsletterBody,
    responses: { 202: NewsletterSubscribed },
  }),
  'POST /api/newsletter/confirm': route({ tag: N, access: 'public', summary: 'Confirm a newsletter subscription with the mailed token', body: TokenBody, responses: { 200: EmailMessage } }),
  'GET /api/unsubscribe': route({ tag: N, access: 'public', summary: "A mail's unsubscribe link opened: to the page that asks", query: UnsubscribeQuery, responses: { 303: REDIRECT } }),
  'POST /api/unsubscribe': route({
    tag: N,
    access: 'public',
    summary: 'One-click unsubscribe (RFC 8058): the signed token is the authority (JSON or a form)',
    query: UnsubscribeQuery,
    body: UnsubscribeBody,
    responses: { 200: Unsubscribed },
  }),
} as const;

