/** Option id → name, for one contest. */
export type OptionNames = ReadonlyMap<string, string>;

export const optionNamesOf = (options: { option_id: string; option: string }[]): OptionNames =>
  new Map(options.map((o) => [o.option_id, o.option]));

const idsOf = (votes: string): string[] => votes.split(/[;,]/).filter(Boolean);

/**
 * A reading as people say it: the options' names (ids where no name is known), an overvote
 * with the options marked, or "no vote" written out.
 */
export const readingLabel = (votes: string, names?: OptionNames): string => {
  const list = idsOf(votes);
  if (list.length === 0) return 'no vote';
  const over = list[0] === 'overvote';
  const named = (over ? list.slice(1) : list).map((id) => names?.get(id) || id);
  return over ? `overvote (${named.join(', ') || 'marks'})` : named.join(', ');
};

/** The option ids of a reading, for the small print beside the names. */
export const readingIds = (votes: string): string => idsOf(votes).join(', ') || 'none';

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
