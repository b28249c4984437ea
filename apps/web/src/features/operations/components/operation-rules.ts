import { showsDownloads, showsReports, type Operation } from '@scrutineer/contracts';

/** What a stage's row offers; permissions come from the server's `can`, outputs from its status. */
export interface StageActions {
  run: boolean;
  stop: boolean;
  reset: boolean;
  /** built, SUCCESS, built-new: a forced refresh re-reads its outputs. */
  refresh: boolean;
  /** A forced rerun: of a built stage, or of the ready stage the caller just reset. */
  rerun: boolean;
  logs: boolean;
  reports: boolean;
  downloads: boolean;
}

/** The actions of a stage row; `justReset` is true for the stage the caller reset last. */
export function stageActions(op: Operation, justReset = false): StageActions {
  const rerunReset = justReset && op.can.run && op.status === 'unbuilt-ready';
  return {
    run: op.can.run && !rerunReset,
    stop: op.can.stop,
    reset: op.can.reset,
    refresh: op.can.refresh,
    rerun: op.can.rerun || rerunReset,
    logs: op.can.logs,
    reports: showsReports(op.status),
    downloads: showsDownloads(op.status),
  };
}
