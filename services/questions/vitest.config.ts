import { packageTestConfig } from '../../vitest.shared.ts';

// Run from the repository root: `npx vitest run --config services/questions/vitest.config.ts`.
export default packageTestConfig(import.meta.url);
