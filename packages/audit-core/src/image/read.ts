import { describeAffine } from './affine.js';
import { blankLevel, decideMark, DEFAULT_THRESHOLDS, readContests } from './decide.js';
import type { ContestReading, MarkDecision, Thresholds } from './decide.js';
import type { GreyImage } from './grey.js';
import { measureTarget } from './measure.js';
import { RegistrationError, type Registration } from './register.js';
import { registerOn, type RegistrationFrame } from './registration.js';
import type { Template } from './template.js';
import type { TimingMarks } from './timing.js';

/** One target as read on a ballot. */
export interface TargetReading {
  index: number;
  contestId: string;
  optionId: string;
  x: number;
  y: number;
  fill: number;
  decision: MarkDecision;
}

export interface BallotReading {
  templateId: string;
  registration: Registration;
  baseline: number;
  targets: TargetReading[];
  contests: ContestReading[];
  hasGray: boolean;
}

export interface ReadOptions {
  signal?: AbortSignal;
  thresholds?: Thresholds;
  /** Half-size of the local search around each target, in inches. */
  window?: number;
  /** The page's timing marks, when a caller already found them (matching a style). */
  marks?: TimingMarks;
  /** The page's registration on this template, when a caller already made it. */
  registration?: Registration;
}

/**
 * Registers a page on a template: on both edges' timing marks where the style has them, else
 * on its frame, corner marks or printing refined on the targets (see `registerOn`).
 */
export function registerPage(
  page: GreyImage,
  template: RegistrationFrame,
  marks?: TimingMarks,
): Registration {
  // A page is laid on a style's template to judge its fit, again to match it against every
  // style, and again to read it: registered once, the outcome (or the failure) is kept.
  let done = registered.get(page);
  const known = done?.get(template);
  if (known instanceof Error) throw known;
  if (known) return known;
  done ??= new Map();
  registered.set(page, done);
  try {
    const registration = registerOn(template, page, marks);
    done.set(template, registration);
    return registration;
  } catch (error) {
    if (error instanceof RegistrationError) done.set(template, error);
    throw error;
  }
}

const registered = new WeakMap<GreyImage, Map<RegistrationFrame, Registration | Error>>();

/**
 * Reads one ballot page against its style's template: register, refine and measure each
 * target, decide with the ballot's own blank level, then settle each contest.
 */
export function readBallot(
  page: GreyImage,
  template: Template,
  options: ReadOptions = {},
): BallotReading {
  options.signal?.throwIfAborted();
  const registration = options.registration ?? registerPage(page, template, options.marks);
  const scale = describeAffine(registration.transform).scale;
  const window = Math.max(2, Math.round((options.window ?? 0.03) * template.dpi * scale));
  const measures = template.targets.map((t) =>
    measureTarget(page, t, registration.transform, window, true),
  );
  const baseline = blankLevel(measures.map((m) => m.fill));
  const thresholds = options.thresholds ?? DEFAULT_THRESHOLDS;
  const targets = measures.map((m, i): TargetReading => {
    const meaning = template.meanings[i] ?? { contestId: '', optionId: '' };
    // A target the template shows printed over (a SAMPLE tint) cannot be read: a person decides.
    const decision = template.targets[i]?.isObscured
      ? 'gray'
      : decideMark(m.fill, baseline, thresholds);
    return { ...m, ...meaning, decision };
  });
  const decisions = targets.map((t) => t.decision);
  return {
    templateId: template.id,
    registration,
    baseline,
    targets,
    contests: readContests(template.contests, template.meanings, decisions),
    hasGray: decisions.includes('gray'),
  };
}
