/** Messages of the risk-limiting audit (no spec wording: docs/decisions.md, "Risk-limiting audit"). */
export const RLA_MESSAGES = {
  started: 'Risk-limiting audit started',
  roundStarted: (n: number) => `Round ${n} drawn`,
  readingSaved: 'Reading saved',
  auditorOnly: 'Only the Auditor of this job can run its risk-limiting audit.',
  notStarted: 'This job has no risk-limiting audit yet.',
  alreadyStarted: 'This job already has a risk-limiting audit.',
  noCvr: 'The job has no CVR file: its election needs one before a risk-limiting audit.',
  manyCvrs: 'cvr_file: The job has several CVR files. Please choose one.',
  cvrUnknown: (name: string) => `cvr_file: The job has no CVR file named ${name}.`,
  noManifest:
    'The job has no ballot manifest: upload one as a job file of type BMF (Ballot Manifest).',
  manyManifests: 'manifest_file: The job has several ballot manifests. Please choose one.',
  manifestUnknown: (name: string) => `manifest_file: The job has no ballot manifest named ${name}.`,
  manifestProblems: (count: number, first: string) =>
    `The ballot manifest has ${count} problem${count === 1 ? '' : 's'}: ${first}`,
  manifestEmpty: 'The ballot manifest lists no ballots.',
  cvrUnreadable: (reason: string) => `The CVR file cannot be read: ${reason}`,
  contestUnknown: (id: string) => `contest_ids: The CVR has no contest ${id}.`,
  contestNoMargin: (name: string) =>
    `contest_ids: ${name} has no reported margin (a tie or no votes): only a full hand count can check it.`,
  boardMember: (id: number) => `boards: User ${id} cannot open this job, so cannot sit on a board.`,
  boardTwice: (id: number) => `boards: User ${id} sits on more than one board.`,
  notOnBoard: 'Only a member of the audit board this ballot is assigned to can enter its reading.',
  ballotNotFound: 'No such ballot in this audit.',
  ballotClosed: 'This ballot has been read; its reading is final.',
  optionUnknown: (contest: string, option: string) =>
    `contests: ${contest} has no option ${option}.`,
  roundOpen: 'The current round is not finished: every sampled ballot needs a reading first.',
  auditOver: 'The audit is over: no further round is needed.',
  roundNotFound: 'No such round in this audit.',
  imageBeforeReading:
    "The board has not entered its reading of this ballot yet: the image audit's reading is shown only after it.",
  imageNotCompared:
    "The image audit has not compared this job's images with its records yet: run its stages through cmpcvr.",
  imageNoSheet: 'The image audit has no sheet for this ballot or its record.',
} as const;
