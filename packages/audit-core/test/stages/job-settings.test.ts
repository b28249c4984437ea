import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, FolderStore, PATHS } from '../../src/index.js';
import { jobFlag, readEngineSettings, readJobSettings } from '../../src/stages/job-settings.js';
import { testTempDir } from '../temp-dir.js';

describe('JOB file settings the engine reads', () => {
  it('keeps its own defaults without a JOB file', async () => {
    const store = new FolderStore(await testTempDir());
    expect(await readEngineSettings(store)).toEqual({
      thresholds: DEFAULT_THRESHOLDS,
      targets: {},
    });
  });

  it('takes thresholds, search window and target shape from the JOB file, size from the election file', async () => {
    const store = new FolderStore(await testTempDir());
    await store.write(
      PATHS.jobSettings,
      [
        'group,argument,value',
        'bia_specs,vendor,Hart',
        'style_specs,target_shape,box',
        'vote_specs,mark_threshold,40',
        'vote_specs,marginal_low,15',
        'vote_specs,search_window,5',
      ].join('\n'),
    );
    await store.write(
      PATHS.election,
      JSON.stringify({ contests: [], target: { shape: 'box', width: 0.34, height: 0.18 } }),
    );
    expect(await readEngineSettings(store)).toEqual({
      thresholds: { vote: 0.4, blank: 0.15 },
      window: 0.05,
      targets: { shape: 'box', width: 0.34, height: 0.18 },
    });
  });

  it('ignores values out of range rather than reading nonsense', async () => {
    const store = new FolderStore(await testTempDir());
    await store.write(
      PATHS.jobSettings,
      'group,argument,value\nvote_specs,mark_threshold,250\nvote_specs,search_window,-1\n',
    );
    const settings = await readEngineSettings(store);
    expect(settings.thresholds).toEqual(DEFAULT_THRESHOLDS);
    expect(settings.window).toBeUndefined();
  });

  it('reads the engine settings and the precheck flag from one file, with or without a header', async () => {
    const lines = [
      '\uFEFFgroup,argument,value',
      'vote_specs, mark_threshold ,35',
      'ballot_image_audit,accept_unreadable_cvr,Yes',
      'style_specs,target_shape,',
    ];
    for (const text of [lines.join('\r\n'), lines.slice(1).join('\n')]) {
      const store = new FolderStore(await testTempDir());
      await store.write(PATHS.jobSettings, text);
      expect(await readJobSettings(store)).toEqual(
        new Map([
          ['mark_threshold', '35'],
          ['accept_unreadable_cvr', 'Yes'],
        ]),
      );
      expect((await readEngineSettings(store)).thresholds.vote).toBe(0.35);
      expect(await jobFlag(store, 'accept_unreadable_cvr')).toBe(true);
      expect(await jobFlag(store, 'mark_threshold')).toBe(false);
    }
  });

  it('reads no flag from a file that is not CSV, and the engine refuses it', async () => {
    const store = new FolderStore(await testTempDir());
    await store.write(PATHS.jobSettings, 'group,argument,value\na,"accept_unreadable_cvr,TRUE\n');
    expect(await jobFlag(store, 'accept_unreadable_cvr')).toBe(false);
    await expect(readEngineSettings(store)).rejects.toThrow();
  });
});
