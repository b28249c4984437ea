import { describe, expect, it } from 'vitest';
import {
  canResetStatus,
  jobControlAction,
  jobControlStatus,
  mapPolledStatus,
  showsDownloads,
  showsReports,
  shownPercent,
  statusLabel,
} from './operation-status.js';

describe('operation status rules', () => {
  it('maps REVOKED to STOPPED and PENDING to RUNNING, passing the rest through', () => {
    expect(mapPolledStatus('REVOKED')).toBe('STOPPED');
    expect(mapPolledStatus('PENDING')).toBe('RUNNING');
    expect(mapPolledStatus('FAILURE')).toBe('FAILURE');
  });
  it('lists reports while built, RUNNING or STOPPED and downloads only when built', () => {
    expect(showsReports('RUNNING')).toBe(true);
    expect(showsReports('STOPPED')).toBe(true);
    expect(showsReports('FAILURE')).toBe(false);
    expect(showsDownloads('built-new')).toBe(true);
    expect(showsDownloads('STOPPED')).toBe(false);
  });
  it('resets STOPPED and FAILURE, and SUCCESS only in the tool view', () => {
    expect(canResetStatus('STOPPED')).toBe(true);
    expect(canResetStatus('SUCCESS')).toBe(false);
    expect(canResetStatus('SUCCESS', true)).toBe(true);
    expect(canResetStatus('RUNNING', true)).toBe(false);
  });
  it('shows built stages at 100% and the percent otherwise', () => {
    expect(shownPercent('built', 12)).toBe(100);
    expect(shownPercent('RUNNING', 12)).toBe(12);
  });
  it('gives the older list one action per row', () => {
    expect(jobControlAction(jobControlStatus('unbuilt-notready'))).toBe('run');
    expect(jobControlAction(jobControlStatus('RUNNING'))).toBe('stop');
    expect(jobControlAction(jobControlStatus('built'))).toBe('reset');
  });
  it('treats a stage that finished with problems as built, resettable, and Failed in the older list', () => {
    expect(showsDownloads('PROBLEMS')).toBe(true);
    expect(shownPercent('PROBLEMS', 40)).toBe(100);
    expect(canResetStatus('PROBLEMS')).toBe(true);
    expect(jobControlStatus('PROBLEMS')).toBe('Failed');
    expect(statusLabel('PROBLEMS')).toBe('finished with problems');
    expect(statusLabel('SUCCESS')).toBe('SUCCESS');
  });
});
