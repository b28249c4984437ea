/** A reading as people say it: option ids, "overvote", or "no vote" written out. */
export const readingLabel = (votes: string): string => {
  const list = votes.split(/[;,]/).filter(Boolean);
  return list.length ? list.join(', ') : 'no vote';
};

const DECISIONS: Record<string, string> = {
  image: 'Image right',
  cvr: 'Record right',
  other: 'Voter intent',
  unreadable: 'Unreadable',
};
export const decisionLabel = (decision: string): string => DECISIONS[decision] ?? decision;

const STATES: Record<string, string> = {
  open: 'Open',
  split: 'Split: a third decides',
  decided: 'Decided',
};
export const stateLabel = (state: string): string => STATES[state] ?? state;
