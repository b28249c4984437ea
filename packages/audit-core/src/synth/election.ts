import type { ContestDefinition } from '../cvr/model.js';
import { Random } from './random.js';

/** A ballot style: the contests printed on it, in order. */
export interface SynthStyle {
  id: string;
  contestIds: string[];
  /** With `cardCodes`: the card code the style prints at its foot, as the election file declares it. */
  card?: string;
}

export interface SynthPrecinct {
  id: string;
  name: string;
  styleId: string;
}

/** A made-up election: everything needed to print, mark, scan and record its ballots. */
export interface SynthElection {
  seed: string;
  name: string;
  contests: ContestDefinition[];
  styles: SynthStyle[];
  precincts: SynthPrecinct[];
  /** The printed voting target: an oval (most vendors) or a square box. */
  targetShape: TargetShape;
  /** Sides printed per sheet: 2 splits each style's contests over front and back. */
  sides?: 1 | 2;
  /**
   * How the ballots are printed and scanned: `timing` (the default) with timing marks down both
   * edges, bilevel TIFF; `hart` as Hart prints them (see `layoutHartStyle`), greyscale scans;
   * `arrow` as ES&S and Sequoia printed Optech ballots: timing marks down both edges and a
   * broken arrow per option that the voter completes with a line (see `arrow.ts`), bilevel TIFF;
   * `corner-ovals` as Dominion's ImageCast prints them (see `layoutCornerOvalStyle`): a solid
   * mark in each corner, no timing marks, ovals to the left of each choice, the style printed as
   * text and as a code block, bilevel TIFF.
   */
  family?: BallotFamily;
  /**
   * The card's length in inches: 11 (the default), or 14, 17 or 19 as US vendors print long
   * cards. The width stays 8.5 in; the printing runs down the whole length.
   */
  pageLength?: number;
  /**
   * Styles whose targets are printed in a drop-out ink, as forms made for optical readers are:
   * a 1-bit scan loses the outlines, so only the voters' marks show where the targets are.
   */
  dropOutStyles?: string[];
  /**
   * A word printed large and diagonally over every sheet in a grey tint, as sample and
   * test-deck ballots are (SAMPLE, VOID): a 1-bit scan keeps it as dense specks that join the
   * targets under it into one blob of ink.
   */
  overprint?: string;
  /**
   * Each style prints its card code in words at the foot, as ES&S-era cards do
   * (`FRONT Card N RptPct M`, see `cardCodeOf`), in place of the plain style line.
   */
  cardCodes?: boolean;
  /**
   * Contests printed in a column of their own (a column break before and after each), as a
   * ballot sets apart an unopposed race or a yes-only measure at the foot of its last column or
   * in a column by itself: no other contest's target lines up with theirs.
   */
  apart?: string[];
}

export type BallotFamily = 'timing' | 'hart' | 'arrow' | 'corner-ovals';

export type TargetShape = 'oval' | 'box' | 'arrow';

export interface ElectionOptions {
  seed: string;
  contests?: number;
  styles?: number;
  precincts?: number;
  targetShape?: TargetShape;
  /** 2 prints two-sided sheets (scanned as a two-page TIFF); 1, the default, one side. */
  sides?: 1 | 2;
  /**
   * The printing family; `hart` prints boxes and defaults to two sides; `arrow` prints arrows;
   * `corner-ovals` prints ovals registered on corner marks (see `SynthElection.family`).
   */
  family?: BallotFamily;
  /** The card's length in inches, 11 by default (see `SynthElection.pageLength`). */
  pageLength?: number;
  /** Styles whose targets are printed in a drop-out ink (see `SynthElection.dropOutStyles`). */
  dropOutStyles?: string[];
  /** A word overprinted on every sheet (see `SynthElection.overprint`); none by default. */
  overprint?: string;
  /** Card codes printed in words at the foot (see `SynthElection.cardCodes`); off by default. */
  cardCodes?: boolean;
  /**
   * Contests with a single option (an unopposed race, a yes-only measure), vote for one; the
   * others' draws stay as they are. None by default.
   */
  unopposed?: string[];
  /** Contests printed in a column of their own (see `SynthElection.apart`); none by default. */
  apart?: string[];
}

const SURNAMES = [
  'Archer',
  'Bell',
  'Cruz',
  'Dolan',
  'Evans',
  'Fox',
  'Garcia',
  'Hale',
  'Ito',
  'Jones',
  'Kaur',
  'Lopez',
  'Moss',
  'Nash',
  'Owens',
  'Park',
];
const OFFICES = [
  'Governor',
  'Senator',
  'Representative',
  'Mayor',
  'Sheriff',
  'Auditor',
  'Treasurer',
  'Clerk',
  'Supervisor',
  'Assessor',
  'Judge',
  'Coroner',
];
const PARTIES = ['Blue', 'Red', 'Green', 'Gold'];

/**
 * Makes an election definition from a seed. The first contest is on every style, so every
 * ballot has something in common; the others are spread across styles by chance.
 */
export function makeElection(options: ElectionOptions): SynthElection {
  const random = new Random(options.seed, 'election');
  const contestCount = options.contests ?? 6;
  const contests: ContestDefinition[] = Array.from({ length: contestCount }, (_, i) => {
    const voteFor = random.chance(0.25) ? random.int(2, 3) : 1;
    const optionCount = random.int(voteFor + 1, voteFor + 3);
    const names = random.shuffle(SURNAMES).slice(0, optionCount);
    return {
      id: `C${i + 1}`,
      name: `${OFFICES[i % OFFICES.length] ?? 'Office'} ${Math.floor(i / OFFICES.length) + 1}`,
      voteFor,
      ranks: 0,
      options: names.map((surname, j) => ({
        id: `C${i + 1}-${j + 1}`,
        name: `${String.fromCharCode(65 + j)}. ${surname}`,
        party: random.pick(PARTIES),
      })),
    };
  });
  for (const contest of contests)
    if (options.unopposed?.includes(contest.id)) {
      contest.options = contest.options.slice(0, 1);
      contest.voteFor = 1;
    }
  const styles: SynthStyle[] = Array.from({ length: options.styles ?? 3 }, (_, i) => {
    const others = contests
      .slice(1)
      .filter(() => random.chance(0.7))
      .map((c) => c.id);
    const first = contests[0]?.id;
    return { id: `S${i + 1}`, contestIds: first ? [first, ...others] : others };
  });
  const precincts: SynthPrecinct[] = Array.from({ length: options.precincts ?? 6 }, (_, i) => ({
    id: `P${i + 1}`,
    name: `Precinct ${i + 1}`,
    styleId: styles[i % styles.length]?.id ?? 'S1',
  }));
  return {
    seed: options.seed,
    name: `Synthetic election ${options.seed}`,
    contests,
    styles: options.cardCodes ? withCardCodes(styles) : styles,
    precincts,
    targetShape:
      options.family === 'arrow'
        ? 'arrow'
        : options.family === 'corner-ovals'
          ? 'oval'
          : (options.targetShape ?? (options.family === 'hart' ? 'box' : 'oval')),
    ...((options.sides ?? (options.family === 'hart' ? 2 : 1)) === 2 ? { sides: 2 as const } : {}),
    ...(options.family && options.family !== 'timing' ? { family: options.family } : {}),
    ...(options.pageLength !== undefined && options.pageLength !== 11
      ? { pageLength: checkedLength(options.pageLength) }
      : {}),
    ...(options.dropOutStyles?.length ? { dropOutStyles: options.dropOutStyles } : {}),
    ...(options.overprint ? { overprint: options.overprint } : {}),
    ...(options.cardCodes ? { cardCodes: true } : {}),
    ...(options.apart?.length ? { apart: options.apart } : {}),
  };
}

/** Card lengths the generator prints: from letter (11 in) to the longest cards vendors use. */
const LENGTHS = { min: 11, max: 22 };

function checkedLength(inches: number): number {
  if (!(inches >= LENGTHS.min && inches <= LENGTHS.max))
    throw new Error(`page length ${inches} in: cards are ${LENGTHS.min} to ${LENGTHS.max} in long`);
  return inches;
}

/** The card's length in inches. */
export const pageLengthOf = (election: SynthElection): number => election.pageLength ?? 11;

/** Styles with their card codes (`Card N RptPct M`): N each style's place in the list, M ten times N. */
export function withCardCodes(styles: SynthStyle[]): SynthStyle[] {
  return styles.map((s, i) => ({ ...s, card: `Card ${i + 1} RptPct ${(i + 1) * 10}` }));
}

/** The line a style prints at its foot with `cardCodes`, as ES&S-era cards print it. */
export function cardCodeOf(election: SynthElection, styleId: string, side = 1): string {
  const card = election.styles.find((s) => s.id === styleId)?.card ?? '';
  return `${side === 1 ? 'FRONT' : 'BACK'} ${card}`;
}

/**
 * The contests on each side of a style's sheet, in order: one side holds them all; on a
 * two-sided sheet the front holds the first half (rounded up) and the back the rest.
 */
export function styleSides(election: SynthElection, styleId: string): string[][] {
  const style = election.styles.find((s) => s.id === styleId);
  if (!style) throw new Error(`unknown style ${styleId}`);
  if (election.sides !== 2) return [style.contestIds];
  const front = Math.ceil(style.contestIds.length / 2);
  return [style.contestIds.slice(0, front), style.contestIds.slice(front)];
}
