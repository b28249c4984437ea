import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared.js';

export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files spend most of their time waiting on HTTP, databases and child processes, so two
    // run side by side even on two cores; they share loaded modules instead of importing the
    // server again per file (each starts its own server over its own database).
    maxWorkers: 2,
    isolate: false,
  },
});
