import { AUDIT_STAGES, SETTINGS_MESSAGES, type ArgType } from '@scrutineer/contracts';

/** The parts of an argument spec a value is checked against. */
export interface ValueRule {
  argument: string;
  type: ArgType;
  choices: string[];
}

const BOOL = new Set(['TRUE', 'FALSE']);

/** Items of a list value: comma-separated, trimmed, empty items dropped. */
export const listItems = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Why a (non-empty) value does not fit its argument, or null when it does. */
export function valueProblem(rule: ValueRule, value: string): string | null {
  const v = value.trim();
  if (rule.type === 'int' && !/^-?\d+$/.test(v)) return SETTINGS_MESSAGES.notInt(rule.argument);
  if (rule.type === 'bool' && !BOOL.has(v.toUpperCase()))
    return SETTINGS_MESSAGES.notBool(rule.argument);
  if (rule.choices.length > 0) {
    const items = rule.type === 'list' ? listItems(v) : [v];
    if (items.some((item) => !rule.choices.includes(item)))
      return SETTINGS_MESSAGES.notChoice(rule.argument, rule.choices);
  }
  return null;
}

/** Stages named by a spec: null for any stage, 'session', 'DEPRECATED', or the stage list. */
export function parseStages(stages: string): string[] | 'session' | 'DEPRECATED' | null {
  const s = stages.trim();
  if (s === '') return null;
  if (s === 'session' || s === 'DEPRECATED') return s;
  return listItems(s);
}

/** Why a stages text is not '', 'session', 'DEPRECATED' or a comma list of stages. */
export function stagesProblem(stages: string): string | null {
  const parsed = parseStages(stages);
  if (!Array.isArray(parsed)) return null;
  const unknown = parsed.find((s) => !(AUDIT_STAGES as readonly string[]).includes(s));
  return unknown ? `stages: ${unknown} is not a stage of the audit.` : null;
}
