// The generated contracts. Import per package, e.g. `import { IdentityServiceClient } from '@mzansi/proto/identity/v1/identity'`.
export * as identity from './gen/identity/v1/identity.js';
export * as events from './gen/events/v1/events.js';
export * as questions from './gen/questions/v1/questions.js';
export * as voting from './gen/voting/v1/voting.js';
export * as social from './gen/social/v1/social.js';
export * as notification from './gen/notification/v1/notification.js';
export { PREDICTION_CONFIDENCE } from './rules.js';
