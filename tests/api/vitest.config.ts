import { packageTestConfig } from '../../vitest.shared.ts';

// The HTTP API end to end: the gateway in front of the real services, in-process. The gateway's own
// tests (gateway/test/) start only the gateway, with stand-ins for the services. Part of `npx vitest run` (the root
// config's projects); alone: `npx vitest run --project api` (PostgreSQL, Redis and NATS up). Every answer a test
// receives is checked against the contract (contract-setup.ts).
export default packageTestConfig(import.meta.url, { name: 'api', include: ['**/*.test.ts'], setupFiles: ['./contract-setup.ts'] });
