import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared.js';

export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    // Stage tests wait on child processes; two files side by side keep both cores busy, and
    // files share loaded modules (no test changes module state).
    maxWorkers: 2,
    isolate: false,
  },
});
