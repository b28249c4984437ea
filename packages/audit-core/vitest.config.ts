import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { workspaceAliases } from '../../vitest.shared.js';

/**
 * Files that take the longest, longest first (a run of the suite, 2026-11-27). With no results
 * from an earlier run, as on a fresh clone in CI, vitest starts the largest files first, and
 * some of the slowest files are among the smallest: they started last and ran minutes on one
 * worker while the other had nothing left to do. Files not listed follow in vitest's order.
 * Where vitest remembers every file's duration from a run before, it orders by them as usual.
 */
const SLOWEST = [
  'test/stages/card-codes.test.ts',
  'test/stages/image-only-styles.test.ts',
  'test/stages/two-sided.test.ts',
  'test/stages/hart-pipeline.test.ts',
  'test/stages/rescans.test.ts',
  'test/stages/families.test.ts',
  'test/stages/arrow-pipeline.test.ts',
  'test/image/variations.test.ts',
  'test/stages/pipeline.test.ts',
  'test/stages/small-job-templates.test.ts',
  'test/image/hart-orange.test.ts',
  'test/synth/election.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (sorted.every((file) => this.ctx.cache.getFileTestResults(this.key(file)))) return sorted;
    const rank = (file: TestSpecification): number => {
      const at = SLOWEST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return at < 0 ? SLOWEST.length : at;
    };
    return sorted
      .map((file, at) => ({ file, at }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.at - b.at)
      .map(({ file }) => file);
  }

  private key(file: TestSpecification): string {
    return `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
  }
}

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
    sequence: { sequencer: SlowestFirst },
  },
});
