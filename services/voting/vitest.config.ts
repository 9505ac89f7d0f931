import { packageTestConfig } from '../../vitest.shared.ts';

// Run from the repository root: `npx vitest run --config services/voting/vitest.config.ts`.
export default packageTestConfig(import.meta.url);
