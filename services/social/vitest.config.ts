import { packageTestConfig } from '../../vitest.shared.ts';

// Run from the repository root: `npx vitest run --config services/social/vitest.config.ts`.
export default packageTestConfig(import.meta.url);
