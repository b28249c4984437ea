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
    // Drawing, decoding and reading pages allocates large short-lived buffers: with V8's default
    // young generation (16 MB semi-spaces) many of them survive a scavenge and are copied, then
    // promoted. 64 MB semi-spaces, as the server and its workers start with, cost 5-8% less CPU
    // on the stage and scan tests (docs/decisions.md, "Test suite time", 2026-11-27 evening).
    execArgv: ['--max-semi-space-size=64'],
  },
});
