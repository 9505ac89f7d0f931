import { packageTestConfig } from '../../vitest.shared.ts';

// Journeys across services: each service's own tests start only that service and publish the events it
// consumes; what runs through several services lives here. Part of `npx vitest run` (the root config's projects);
// alone: `npx vitest run --project journeys` (build first; PostgreSQL and NATS up).
export default packageTestConfig(import.meta.url, { name: 'journeys', include: ['**/*.test.ts'] });
