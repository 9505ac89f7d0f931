/**
 * The HTTP API's contract: a zod schema for every request body, response and live message, and the route table the
 * OpenAPI document is generated from. The web imports it for types only (`import type`): no validator reaches its
 * bundles.
 */
export * from './common.js';
export * from './questions.js';
export * from './history.js';
export * from './answers.js';
export * from './users.js';
export * from './password-reset.js';
export * from './social.js';
export * from './research.js';
export * from './analytics.js';
export * from './admin.js';
export * from './resolution-rules.js';
export * from './moderation.js';
export * from './notifications.js';
export * from './live.js';
export * from './public-api.js';
export * from './open-data.js';
export * from './route.js';
export * from './routes.js';
export { openApiDocument } from './openapi.js';
export * from './oembed.js';
