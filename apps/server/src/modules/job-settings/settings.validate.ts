import {
  SETTINGS_MESSAGES,
  type ArgGroup,
  type ArgumentSpec,
  type AuditStage,
  type JobSettings,
} from '@scrutineer/contracts';
import { listItems, parseStages, valueProblem } from '../audit-types/index.js';

/** Why settings do not follow the specs, naming the argument; null when they do. */
export type SettingsCheck = { ok: true; settings: JobSettings } | { ok: false; error: string };

const appliesTo = (arg: ArgumentSpec, stage: AuditStage | undefined): boolean => {
  const stages = parseStages(arg.stages);
  if (stages === 'DEPRECATED') return false;
  if (!stage || stages === null || stages === 'session') return true;
  return stages.includes(stage);
};

function normalise(arg: ArgumentSpec, value: string): string {
  const v = value.trim();
  if (arg.type === 'bool') return v.toUpperCase();
  if (arg.type === 'list') return listItems(v).join(',');
  return v;
}

/**
 * Checks settings against the argument specs: unknown groups and arguments, platform-set and
 * deprecated arguments, arguments of another stage, wrong types and choices, repeated values
 * of a single-valued argument, and missing required values. Empty optional values are dropped
 * (their default applies); values come back normalised (TRUE/FALSE, trimmed lists).
 */
export function checkSettings(
  specs: ArgGroup[],
  settings: JobSettings,
  stage?: AuditStage,
): SettingsCheck {
  const fail = (error: string): SettingsCheck => ({ ok: false, error });
  const result: JobSettings = {};
  for (const [group, entries] of Object.entries(settings)) {
    const spec = specs.find((g) => g.group === group);
    if (!spec) return fail(SETTINGS_MESSAGES.unknownGroup(group));
    const seen = new Set<string>();
    for (const entry of entries) {
      const arg = spec.arguments.find((a) => a.argument === entry.argument);
      if (!arg) return fail(SETTINGS_MESSAGES.unknownArgument(group, entry.argument));
      if (arg.internal) return fail(SETTINGS_MESSAGES.internal(arg.argument));
      if (arg.stages.trim() === 'DEPRECATED')
        return fail(SETTINGS_MESSAGES.deprecated(arg.argument));
      if (!appliesTo(arg, stage))
        return fail(SETTINGS_MESSAGES.wrongStage(arg.argument, arg.stages, stage ?? ''));
      if (entry.value.trim() === '') {
        if (arg.required === 'TRUE') return fail(SETTINGS_MESSAGES.required(arg.argument));
        continue;
      }
      const problem = valueProblem(arg, entry.value);
      if (problem) return fail(problem);
      if (seen.has(arg.argument) && !arg.multi)
        return fail(SETTINGS_MESSAGES.notMulti(arg.argument));
      seen.add(arg.argument);
      (result[group] ??= []).push({ argument: arg.argument, value: normalise(arg, entry.value) });
    }
  }
  // A stage's settings are partial; a whole JOB file must carry every required argument.
  for (const spec of stage ? [] : specs) {
    for (const arg of spec.arguments) {
      if (arg.required !== 'TRUE' || arg.internal || !appliesTo(arg, stage)) continue;
      const given = result[spec.group]?.some((e) => e.argument === arg.argument);
      if (!given) return fail(SETTINGS_MESSAGES.required(arg.argument));
    }
  }
  // Groups in the specs' order, so a file reads the same whichever order a client sent.
  const ordered: JobSettings = {};
  for (const spec of specs) {
    const entries = result[spec.group];
    if (entries) ordered[spec.group] = entries;
  }
  return { ok: true, settings: ordered };
}

/** Adds every argument not yet set that has a default value (Adopt All). */
export function adoptAll(
  specs: ArgGroup[],
  settings: JobSettings,
  stage?: AuditStage,
): JobSettings {
  const out: JobSettings = { ...settings };
  for (const spec of specs) {
    for (const arg of spec.arguments) {
      if (arg.internal || !appliesTo(arg, stage) || arg.value.trim() === '') continue;
      const entries = out[spec.group] ?? [];
      if (!entries.some((e) => e.argument === arg.argument))
        out[spec.group] = [...entries, { argument: arg.argument, value: arg.value }];
    }
  }
  return out;
}
