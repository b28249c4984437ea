/** Messages of template review and target mapping (no spec wording: docs/decisions.md). */
export const TEMPLATE_MESSAGES = {
  saved: 'Target map saved',
  restored: 'Automatic target map restored',
  auditorOnly: 'Only the Auditor of this job can change its target maps.',
  styleNotFound: (style: string) => `This job has no ballot style ${style}.`,
  noImage: (kind: string) => `This style has no ${kind} image.`,
  notEdited: 'This style has no edited target map.',
  stageRunning: (stage: string) =>
    `${stage} is running: save the target map once it has finished, so that it reads with the map.`,
  outside: (n: number, w: number, h: number) =>
    `targets.${n}: The box is not inside the page (${w} × ${h} pixels).`,
  mappedTwice: (n: number, contest: string, option: string) =>
    `targets.${n}: Option ${option} of contest ${contest} is already mapped on this style.`,
  contestUnknown: (n: number, contest: string) =>
    `targets.${n}: The election file has no contest ${contest}.`,
  optionUnknown: (n: number, contest: string, option: string) =>
    `targets.${n}: Contest ${contest} has no option ${option} in the election file.`,
  importUnreadable: (reason: string) => `content: The target map cannot be read: ${reason}`,
  obscured:
    'Printed over (a word or tint across the ballot) with no clear paper left inside it: a mark there cannot be told from the print, so every sheet reads this target gray for a person to decide.',
  obscuredCount: (n: number) =>
    `${n} target${n === 1 ? '' : 's'} printed over with no paper left to read: always gray, decided by a person`,
  awaitingMap:
    "waits for a person's target map: its targets did not match the election's contests and are grouped by position, so a person must map them (Map targets) before its sheets are compared",
  outOfDate: (stages: string[]) =>
    `Out of date now (built-new): ${stages.join(', ')}; rerun them to read with this map.`,
} as const;
