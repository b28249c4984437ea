// Acceptance run of the audit stages: a generated election of 2,000 ballots with planted
// discrepancies, every stage from precheck to genreport, scored against the ground truth.
// Speed: extractvote per sheet against decoding the same images alone, in the same run.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  directorySink,
  FolderStore,
  loadPage,
  makeElection,
  makeSharedLayoutElection,
  PATHS,
  runStage,
  STAGES,
  writeSyntheticElection,
} from '../packages/audit-core/src/index.js';
import { readCsvAll } from '../packages/audit-core/src/stages/context.js';
import { walkImageEntries } from '../packages/audit-core/src/stages/images.js';
import { readTruth, scoreMarks } from './lib/marks-score.js';
import { machineLine, writeSection } from './lib/results.js';

const COUNT = Number(process.env.BALLOTS ?? 2000);
// Families and mark sets, each a separate option: FAMILY=shared-layout (styles that print one
// layout with other contests), FAMILY=arrow (connect-the-arrow targets), FAINT=<share of chosen
// options marked as a 1-bit scanner keeps a light pencil mark>, FAMILY=two-sided (timing-mark
// ballots printed on both sides of the sheet).
const FAMILY = process.env.FAMILY ?? 'timing-marks';
const FAINT = Number(process.env.FAINT ?? 0);
// GREY=1: every family's sheets go through a greyscale scanner (Hart-like ones always do), so
// that a faint pencil mark keeps its grey instead of the few specks a 1-bit scanner leaves.
const GREY = process.env.GREY === '1';
const SHARED = FAMILY === 'shared-layout';
// CARDS=1: the shared-layout styles print their card codes at the foot, and a pair of batches
// is swapped among them (settled by those codes, as the images cannot tell the styles apart).
const CARDS = SHARED && process.env.CARDS === '1';
const HART = FAMILY === 'hart';
// FAMILY=corner-ovals: Dominion ImageCast-like ballots (solid corner marks, no timing marks, ovals
// to the left of each choice, the style as text and a code block, 2 or 3 columns), 1-bit TIFF.
const CORNER_OVALS = FAMILY === 'corner-ovals';
// LENGTH=14 (17, 19): cards of that length in inches, 8.5 in wide, in any family (11 by default).
// A long card is printed because its contests do not fit on a short one: the election gets 1.3
// contests per inch of card (1.6 for the two-sided Hart-like sheets, 0.9 for corner-ovals, whose
// contests are taller), so the contests run down most of the length.
const LENGTH = Number(process.env.LENGTH ?? 11);
if (!(LENGTH >= 11 && LENGTH <= 22)) throw new Error(`LENGTH: ${process.env.LENGTH}`);
const LONG = LENGTH !== 11;
const PER_INCH = HART ? 1.6 : CORNER_OVALS ? 0.9 : 1.3;
// FAMILY=one-style: timing-mark ballots of a single style (one precinct), as a small election.
const ONE = FAMILY === 'one-style';
// DPI=150 scans every sheet at 150 dpi (200 by default); a list (DPI=150,300) sets batch by
// batch in turn (batches of 100 ballots, so a mix needs BALLOTS of 100 per resolution at least),
// as a county whose scanners are set differently mixes them.
const DPIS = (process.env.DPI ?? '200').split(',').map(Number);
if (DPIS.some((d) => !(d >= 50 && d <= 1200))) throw new Error(`DPI: ${process.env.DPI}`);
// SWAP=1 or SWAP=0 plants a swapped pair of batches or leaves it out, whatever the family's
// default (planted where images or printed codes can tell the styles apart).
// A swap is planted by default only among three batches or more: with two, every record is the
// other batch's, and no batch is left whose records could say which style the images show.
const SWAP_DEFAULT = (CARDS || (!SHARED && !HART && !ONE)) && Math.ceil(COUNT / 100) >= 3;
const SWAP = process.env.SWAP === undefined ? SWAP_DEFAULT : process.env.SWAP === '1';
// UPSIDE_DOWN=S2 (styles, comma-separated): every sheet of those styles is fed turned 180°.
// UNOPPOSED=C1 (contests): those contests have one option; LANDSLIDE=<share of ballots whose
// first contest goes to its first option> makes every exemplar mark it. APART=C1 (contests):
// those contests are printed in a column of their own, no other target in line with theirs.
const UPSIDE_DOWN = (process.env.UPSIDE_DOWN ?? '').split(',').filter(Boolean);
// SIDEWAYS=S2 (styles, comma-separated): every sheet of those styles is fed sideways (front a
// quarter clockwise); SIDEWAYS=0.1 (a share): that share of all sheets, either way at random.
const SIDEWAYS_SHARE = /^[0-9.]+$/.test(process.env.SIDEWAYS ?? '')
  ? Number(process.env.SIDEWAYS)
  : 0;
const SIDEWAYS = SIDEWAYS_SHARE ? [] : (process.env.SIDEWAYS ?? '').split(',').filter(Boolean);
if (!(SIDEWAYS_SHARE >= 0 && SIDEWAYS_SHARE <= 1))
  throw new Error(`SIDEWAYS: ${process.env.SIDEWAYS}`);
const UNOPPOSED = (process.env.UNOPPOSED ?? '').split(',').filter(Boolean);
const LANDSLIDE = Number(process.env.LANDSLIDE ?? 0);
const APART = (process.env.APART ?? '').split(',').filter(Boolean);
const VARIED =
  UPSIDE_DOWN.length > 0 ||
  SIDEWAYS.length > 0 ||
  SIDEWAYS_SHARE > 0 ||
  UNOPPOSED.length > 0 ||
  LANDSLIDE > 0 ||
  APART.length > 0 ||
  LONG;
// Ballots scanned twice (the same paper, another scan, another compression) for cmpcvr to find.
const RESCANS = Number(process.env.RESCANS ?? 3);
// KEEP=1 leaves the job folder in place (its path is printed) to look into what was found.
const KEEP = process.env.KEEP === '1';
const job = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-stages-'));
try {
  const election = SHARED
    ? makeSharedLayoutElection({
        seed: 'bench-stages',
        ...(CARDS ? { cardCodes: true } : {}),
        ...(LONG ? { pageLength: LENGTH, contests: Math.round(LENGTH * PER_INCH) } : {}),
      })
    : makeElection({
        seed: 'bench-stages',
        ...(LONG ? { pageLength: LENGTH, contests: Math.round(LENGTH * PER_INCH) } : {}),
        ...(CORNER_OVALS ? { family: 'corner-ovals' as const } : {}),
        ...(UNOPPOSED.length ? { unopposed: UNOPPOSED } : {}),
        ...(APART.length ? { apart: APART } : {}),
        ...(HART ? { family: 'hart' as const } : {}),
        ...(FAMILY === 'arrow' ? { family: 'arrow' as const } : {}),
        ...(FAMILY === 'two-sided' ? { sides: 2 as const } : {}),
        ...(ONE ? { styles: 1, precincts: 1 } : {}),
      });
  await mkdir(path.join(job, 'input/images'), { recursive: true });
  await mkdir(path.join(job, 'input/cvr'), { recursive: true });
  const written = await writeSyntheticElection(
    election,
    {
      count: COUNT,
      dpi: DPIS.length === 1 ? DPIS[0] : DPIS,
      batchSize: 100,
      misreads: 10,
      missing: 3,
      extra: 3,
      swapBatches: SWAP,
      rescans: RESCANS,
      // Sheets carry a printed serial when rescans are planted: the generator's marks stay near
      // their targets, so most of its sheets carry nothing else that tells one paper from another.
      scan: {
        ...(RESCANS > 0 ? { imprint: true } : {}),
        ...(GREY ? { scanner: 'grey' as const } : {}),
        ...(UPSIDE_DOWN.length ? { upsideDownStyles: UPSIDE_DOWN } : {}),
        ...(SIDEWAYS.length ? { sidewaysStyles: SIDEWAYS } : {}),
        ...(SIDEWAYS_SHARE ? { sideways: SIDEWAYS_SHARE } : {}),
      },
      ...(LANDSLIDE ? { landslide: LANDSLIDE } : {}),
      faintMarks: FAINT,
      formats: ['dominion-csv'],
    },
    createWriteStream(path.join(job, 'input/images/ballots.zip')),
    directorySink(path.join(job, 'truth')),
  );
  await rename(path.join(job, 'truth/CVR_Export.csv'), path.join(job, 'input/cvr/CVR_Export.csv'));
  const store = new FolderStore(job);
  await store.write(PATHS.election, JSON.stringify(election));
  const times: [string, number][] = [];
  for (const stage of STAGES.slice(0, 7)) {
    const t0 = performance.now();
    const result = await runStage(stage, store, {});
    times.push([stage.name, (performance.now() - t0) / 1000]);
    if (result.status === 'PROBLEMS') console.log(`${stage.name}: ${result.summary}`);
    else if (result.status !== 'SUCCESS') throw new Error(`${stage.name}: ${result.error}`);
  }
  // Baseline: decoding the same images alone.
  const t0 = performance.now();
  let decoded = 0;
  for await (const item of walkImageEntries(store, 'input/images/ballots.zip')) {
    if (item.type !== 'entry') continue;
    await loadPage(await item.read());
    decoded += 1;
  }
  const decodeSeconds = (performance.now() - t0) / 1000;

  const truth = await readTruth(job);
  const expected = written.planted.map((p) =>
    p.kind === 'misread'
      ? `misread ${p.ballotId} ${p.contestId}`
      : p.kind === 'missing-record'
        ? `No CVR ${p.ballotId}`
        : p.kind === 'rescan'
          ? `Duplicate ${p.ballotId}`
          : p.kind === 'extra-record'
            ? `No Image ${p.ballotId}`
            : `Swapped Batch ${p.batches
                .map((b) => `1-${b}`)
                .sort()
                .join(' ')}`,
  );
  const disagreements = await readCsvAll(store, PATHS.disagreements);
  const found = disagreements.map((d) =>
    d.kind === 'Normal Disagreed'
      ? `misread ${d.sheet_id} ${d.contest_id}`
      : d.kind === 'Swapped Batch'
        ? `Swapped Batch ${(d.detail ?? '')
            .match(/batch (\S+) .* batch (\S+)/)
            ?.slice(1)
            .sort()
            .join(' ')}`
        : `${d.kind} ${d.sheet_id}`,
  );
  const hit = expected.filter((e) => found.includes(e)).length;
  const extra = found.filter((f) => !expected.includes(f));
  const { clear, clearRight, unclear, unclearWrong, gray, faint, blankGray } = await scoreMarks(
    store,
    truth,
  );
  const extractSeconds = times.find(([s]) => s === 'extractvote')?.[1] ?? 0;
  const body = [
    `Run: \`npx tsx bench/audit-stages.ts\` (BALLOTS=${COUNT}, FAMILY=${FAMILY}${CARDS ? ', CARDS=1' : ''}${SWAP !== SWAP_DEFAULT ? `, SWAP=${SWAP ? 1 : 0}` : ''}, FAINT=${FAINT}${GREY ? ', GREY=1' : ''}, RESCANS=${RESCANS}${DPIS.join() === '200' ? '' : `, DPI=${DPIS.join()}`}${UPSIDE_DOWN.length ? `, UPSIDE_DOWN=${UPSIDE_DOWN.join(',')}` : ''}${process.env.SIDEWAYS ? `, SIDEWAYS=${process.env.SIDEWAYS}` : ''}${UNOPPOSED.length ? `, UNOPPOSED=${UNOPPOSED.join(',')}` : ''}${LANDSLIDE ? `, LANDSLIDE=${LANDSLIDE}` : ''}${APART.length ? `, APART=${APART.join(',')}` : ''}${LONG ? `, LENGTH=${LENGTH}` : ''}; one process, stages in turn, extractvote in batches of 500).`,
    machineLine(),
    '',
    '| stage | seconds |',
    '|---|---|',
    ...times.map(([s, t]) => `| ${s} | ${t.toFixed(1)} |`),
    '',
    `Planted discrepancies found: **${hit} of ${expected.length}**; other disagreements reported: **${extra.length}**${extra.length ? ` (${extra.slice(0, 8).join('; ')}${extra.length > 8 ? '; …' : ''})` : ''}.`,
    `Clear marks read right: **${((clearRight / Math.max(1, clear)) * 100).toFixed(2)}%** of ${clear} targets. Light, stray, check, X and erasure marks read wrong without a gray flag: **${unclearWrong}** of ${unclear}; gray targets ${gray} (of them blank targets ${blankGray}).${FAINT ? ` Faint marks: ${faint.vote} read as votes, ${faint.gray} gray, ${faint.blank} blank.` : ''}`,
    `extractvote: ${(COUNT / extractSeconds).toFixed(1)} sheets/s against decoding alone ${(decoded / decodeSeconds).toFixed(1)} sheets/s: ratio **${(decoded / decodeSeconds / (COUNT / extractSeconds)).toFixed(1)}×** slower than decoding.`,
  ].join('\n');
  await writeSection(
    FAMILY === 'timing-marks' && !FAINT && !GREY && !RESCANS && DPIS.join() === '200' && !VARIED
      ? 'Audit stages: generated elections, precheck to genreport'
      : `Audit stages: generated elections, ${FAMILY}${CARDS ? ', card codes' : ''}${SWAP !== SWAP_DEFAULT ? (SWAP ? ', swapped batches' : ', no swapped batches') : ''}${FAINT ? `, faint marks ${FAINT}` : ''}${GREY ? ', greyscale scans' : ''}${RESCANS ? `, ${RESCANS} rescans` : ''}${DPIS.join() === '200' ? '' : `, ${DPIS.join('/')} dpi`}${UPSIDE_DOWN.length ? ', styles fed upside down' : ''}${process.env.SIDEWAYS ? ', sheets fed sideways' : ''}${UNOPPOSED.length ? ', unopposed contests' : ''}${LANDSLIDE ? ', landslide' : ''}${APART.length ? ', contests set apart' : ''}${LONG ? `, ${LENGTH} in cards` : ''}`,
    body,
  );
  console.log(body);
} finally {
  if (KEEP) console.log(`job kept: ${job}`);
  else await rm(job, { recursive: true, force: true });
}
