import type { ContestDefinition, OptionDefinition } from './model.js';

/**
 * Builds contest definitions for formats that name contests and options as it goes (ES&S,
 * Clear Ballot, Hart): the first use of a name defines it, in order of appearance.
 */
export class ContestBook {
  readonly contests: ContestDefinition[] = [];
  private readonly byKey = new Map<string, ContestDefinition>();
  private readonly options = new Map<ContestDefinition, Map<string, OptionDefinition>>();

  contest(id: string, name = id, voteFor = 1, ranks = 0): ContestDefinition {
    let contest = this.byKey.get(id);
    if (!contest) {
      contest = { id, name, voteFor, ranks, options: [] };
      this.byKey.set(id, contest);
      this.options.set(contest, new Map());
      this.contests.push(contest);
    }
    return contest;
  }

  option(contest: ContestDefinition, option: OptionDefinition): OptionDefinition {
    const known = this.options.get(contest);
    const existing = known?.get(option.id);
    if (existing) return existing;
    contest.options.push(option);
    known?.set(option.id, option);
    return option;
  }
}
