import { packageTestConfig } from '../vitest.shared.ts';

// Run from the repository root: `npx vitest run --project @mzansi/gateway`.
export default packageTestConfig(import.meta.url);
