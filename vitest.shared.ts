import { fileURLToPath } from 'node:url';

/** Workspace packages resolve to their TypeScript sources in tests, so no build is needed first. */
export const workspaceAliases = {
  '@scrutineer/contracts': fileURLToPath(
    new URL('./packages/contracts/src/index.ts', import.meta.url),
  ),
  '@scrutineer/audit-core': fileURLToPath(
    new URL('./packages/audit-core/src/index.ts', import.meta.url),
  ),
};
