/** Messages of operations and tools, in the spec's wording where it has one. */
export const OPERATION_MESSAGES = {
  launched: 'Operation Launched',
  reset: 'Operation has been reset',
  stopped: 'Operation has been Stop',
  toolSaved: 'Tool save successfully',
  toolDeleted: 'Delete tool successfully',
  confirmDeleteTool: 'Are you sure deleting tools ?',
  // Decisions where the spec shows no wording (docs/decisions.md).
  auditorOnlyRun: 'Only the Auditor of this job can run operations.',
  auditorOnlyReset: 'Only the Auditor of this job can reset operations.',
  notReady: (stage: string) => `${stage} is not ready: the stages it needs are not built yet.`,
  alreadyRunning: (stage: string) => `${stage} is already running.`,
  alreadyBuilt: (stage: string) =>
    `${stage} is already built. Use a forced rerun (force_rebuild) to run it again.`,
  notRunning: (stage: string) => `${stage} is not running.`,
  resetFirst: (stage: string, status: string) =>
    `${stage} is ${status}: reset it before running it again.`,
  notResettable: (stage: string) =>
    `${stage} can be reset only when it is STOPPED, FAILURE or built.`,
  toolNotResettable: (fn: string) =>
    `${fn} can be reset only when it is STOPPED, FAILURE or SUCCESS.`,
  toolRunNotShown: 'Only the run a tool row shows can be reset.',
  notRefreshable: (stage: string) =>
    `${stage} can be refreshed only when it is built, SUCCESS or built-new.`,
  operationNotFound: 'Operation not found.',
  logNotFound: 'No log yet.',
  pipelineMissing: 'The pipeline file of this job is missing.',
  toolNotFound: 'Tool not found.',
  unknownToolFunction: (name: string) => `function_name: ${name} is not a registered tool.`,
  toolOperandsInvalid: (detail: string) => `api_operands: ${detail}`,
  toolFieldsRequired:
    'Function name, script, help text and api entry are required, and api operands must be given.',
  adjudicationNotFound: 'Disagreement not found.',
  adjudicateNotBuilt: 'Run adjudicate first: it packages the disagreements for review.',
  adjudicatorsOnly:
    'Only the Auditor of this job and people given adjudicate permission on it can adjudicate.',
  adjudicationVotesRequired: "votes: Required. Name the options the voter meant, or 'none'.",
  adjudicationSplitReviewer:
    'You reviewed this item and the two reviews differ: a third adjudicator decides it.',
  adjudicationDecided: 'This item is already decided.',
  adjudicationSettingsAuditorOnly: 'Only the Auditor of this job can change adjudication settings.',
  adjudicationSaved: (state: string, stale: string[]) =>
    `${
      state === 'decided'
        ? 'Decision recorded'
        : state === 'split'
          ? 'Review recorded; the two reviews differ, so a third adjudicator decides'
          : 'Review recorded; a second adjudicator reviews this item'
    }.${
      stale.length
        ? ` Out of date now (built-new): ${stale.join(', ')}; rerun them to bring the report up to date.`
        : ''
    }`,
  tallyNotBuilt: 'Run cmpcvr first: the tally reads its comparison.',
} as const;
