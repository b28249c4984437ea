import { describe, expect, it } from 'vitest';
import type { Operation, OperationStatus } from '@scrutineer/contracts';
import { canActOnSelection, inPipelineOrder } from './job-control-rules';
import { progressOf, statusChip } from '../../../components/operation-status';
import { stageActions } from './operation-rules';
import { nextRunAllStep } from './use-run-all';

const none = { run: false, stop: false, reset: false, refresh: false, rerun: false, logs: false };

function op(
  operation: Operation['operation'],
  status: OperationStatus,
  can: Partial<Operation['can']> = {},
): Operation {
  return {
    id: 1,
    job_id: 1,
    operation,
    name: `1_${operation}`,
    label: operation,
    description: '',
    help: '',
    group_id: '',
    status,
    control_status: 'Not Ready',
    running: status === 'RUNNING',
    percent: 0,
    result: '',
    operation_id: null,
    logs: '',
    reports: [],
    downloads: [],
    batches: null,
    needs: [],
    started_at: null,
    finished_at: null,
    can: { ...none, ...can },
  };
}

describe('stage row actions', () => {
  it('take permissions from the server', () => {
    expect(stageActions(op('precheck', 'unbuilt-ready', { run: true })).run).toBe(true);
    expect(stageActions(op('precheck', 'unbuilt-ready')).run).toBe(false);
    expect(stageActions(op('precheck', 'RUNNING', { stop: true })).stop).toBe(true);
  });

  it('offer a forced rerun instead of run for the stage just reset', () => {
    const ready = op('gen_bif', 'unbuilt-ready', { run: true });
    expect(stageActions(ready, true)).toMatchObject({ run: false, rerun: true });
    expect(stageActions(ready, false)).toMatchObject({ run: true, rerun: false });
  });

  it('list reports while built, RUNNING or STOPPED, and downloads when built', () => {
    expect(stageActions(op('precheck', 'RUNNING')).reports).toBe(true);
    expect(stageActions(op('precheck', 'STOPPED')).reports).toBe(true);
    expect(stageActions(op('precheck', 'FAILURE')).reports).toBe(false);
    expect(stageActions(op('precheck', 'RUNNING')).downloads).toBe(false);
    expect(stageActions(op('precheck', 'built-new')).downloads).toBe(true);
  });
});

describe('progress and chips', () => {
  it('shows built stages at 100% and others at their percent', () => {
    expect(progressOf('SUCCESS', 40)).toEqual({ value: 100, built: true });
    expect(progressOf('built', 0)).toEqual({ value: 100, built: true });
    expect(progressOf('RUNNING', 42.5)).toEqual({ value: 42.5, built: false });
    expect(progressOf('RUNNING', 140).value).toBe(100);
    expect(progressOf('RUNNING', Number.NaN).value).toBe(0);
  });

  it('gives every status a chip colour', () => {
    expect(statusChip('FAILURE').color).toBe('error');
    expect(statusChip('built').color).toBe('success');
    expect(statusChip('built-new').color).toBe('warning');
    expect(statusChip('odd')).toMatchObject({ label: 'odd', color: 'default' });
    expect(statusChip('PROBLEMS')).toMatchObject({
      label: 'finished with problems',
      color: 'warning',
    });
    expect(progressOf('PROBLEMS', 40)).toEqual({ value: 100, built: true });
  });
});

describe('Run All and Reset of several rows', () => {
  it('act on a selection of more than one row, in pipeline order', () => {
    expect(canActOnSelection(['precheck'])).toBe(false);
    expect(canActOnSelection(['precheck', 'gen_bif'])).toBe(true);
    expect(inPipelineOrder(['genreport', 'precheck', 'cmpcvr'])).toEqual([
      'precheck',
      'cmpcvr',
      'genreport',
    ]);
  });

  it('launch the next ready stage, wait while one runs, skip built ones and halt on failure', () => {
    const queue = ['precheck', 'gen_bif'];
    const ready = [
      op('precheck', 'unbuilt-ready', { run: true }),
      op('gen_bif', 'unbuilt-notready'),
    ];
    expect(nextRunAllStep(queue, ready)).toMatchObject({ kind: 'launch' });
    const running = [op('precheck', 'RUNNING'), op('gen_bif', 'unbuilt-notready')];
    expect(nextRunAllStep(queue, running).kind).toBe('wait');
    const built = [op('precheck', 'built'), op('gen_bif', 'unbuilt-ready', { run: true })];
    expect(nextRunAllStep(queue, built).kind).toBe('skip');
    expect(nextRunAllStep(['gen_bif'], built)).toMatchObject({ kind: 'launch' });
    const failed = [op('precheck', 'FAILURE'), op('gen_bif', 'unbuilt-notready')];
    expect(nextRunAllStep(queue, failed).kind).toBe('halt');
    const stuck = [op('precheck', 'built'), op('gen_bif', 'unbuilt-notready')];
    expect(nextRunAllStep(['gen_bif'], stuck).kind).toBe('halt');
    expect(nextRunAllStep([], stuck).kind).toBe('idle');
  });

  it('halt before a stage that needs one that finished with problems, naming it and why', () => {
    const troubled = {
      ...op('extractvote', 'PROBLEMS'),
      result: 'finished with problems: 3 of 40 sheets not read',
    };
    const next = {
      ...op('cmpcvr', 'unbuilt-ready', { run: true }),
      needs: ['extractvote' as const],
    };
    expect(nextRunAllStep(['extractvote', 'cmpcvr'], [troubled, next]).kind).toBe('skip');
    const step = nextRunAllStep(['cmpcvr'], [troubled, next]);
    expect(step).toEqual({
      kind: 'halt',
      message:
        'Run All stopped: extractvote finished with problems: 3 of 40 sheets not read. Run cmpcvr yourself to go on.',
    });
  });
});
