import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import type { CvrSink } from '../cvr/writers/index.js';
import { encodeBilevelTiff, encodeGreyTiff } from '../image/load.js';
import { feedTurned, StylePrinter } from './ballots.js';
import { writeSyntheticCvr, type SyntheticCvrFormat } from './cvr.js';
import { planDiscrepancies, type DiscrepancyOptions } from './discrepancies.js';
import type { PlantedDiscrepancy } from './discrepancies.js';
import type { SynthElection } from './election.js';
import { planBallot, type BallotPlan } from './plan.js';
import { LineQueue } from './queue.js';
import type { ScanOptions } from './scan.js';

export interface WriteElectionOptions extends DiscrepancyOptions {
  count: number;
  /**
   * Scan resolution, 200 by default; a list sets batch by batch in turn (batch 1 the first,
   * batch 2 the second, …), as a county whose scanners are set differently mixes them.
   */
  dpi?: number | readonly number[];
  scan?: ScanOptions;
  /** Vote-record formats to write beside the images; none by default. */
  formats?: SyntheticCvrFormat[];
  /** Pages being encoded at once while the next are drawn. */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: { done: number; total: number }) => void;
}

/** What was written: the planted discrepancies, which the truth file also holds. */
export interface WrittenElection {
  ballots: number;
  planted: PlantedDiscrepancy[];
}

const truthLine = (plan: BallotPlan, file: string, dpi: number): string =>
  `${JSON.stringify({ ...plan, file, dpi })}\n`;

/**
 * Writes a generated election: every ballot as a Group 4 TIFF (a greyscale one for the `hart`
 * family, or where the scan options ask a greyscale scanner) in a zip (`<batch>/<id>.tif`, as
 * a scanner's image archive), and to `sink` the definition (`election.json`), the ground truth
 * per ballot and target (`truth.jsonl`, one ballot a line), the planted discrepancies
 * (`discrepancies.json`) and the vote records in each asked format, with those discrepancies.
 * Ballots are drawn one at a time while earlier ones encode, so memory stays flat.
 */
export async function writeSyntheticElection(
  election: SynthElection,
  options: WriteElectionOptions,
  images: Writable,
  sink: CvrSink,
): Promise<WrittenElection> {
  const planted = planDiscrepancies(election, options.count, options);
  await sink.write('election.json', JSON.stringify(election, null, 2));
  await sink.write('discrepancies.json', JSON.stringify(planted, null, 2));
  const zip = new yazl.ZipFile();
  zip.outputStream.pipe(images);
  const truth = new LineQueue();
  const truthWritten = sink.write('truth.jsonl', truth);
  try {
    await drawAndEncode(election, options, planted, (plan, tiff, dpi) => {
      const file = `batch-${plan.batch}/${plan.id}.tif`;
      // Group 4 TIFFs are compressed already.
      zip.addBuffer(tiff, file, { compress: false });
      truth.push(truthLine(plan, file, dpi));
    });
  } finally {
    truth.close();
    zip.end();
  }
  await Promise.all([finished(images), truthWritten]);
  for (const format of options.formats ?? [])
    await writeSyntheticCvr(election, options.count, planted, format, sink, options);
  return { ballots: options.count, planted };
}

/** Draws ballots in order, keeping a few encodings in flight, and hands them on in order. */
async function drawAndEncode(
  election: SynthElection,
  options: WriteElectionOptions,
  planted: PlantedDiscrepancy[],
  add: (plan: BallotPlan, tiff: Buffer, dpi: number) => void,
): Promise<void> {
  const dpis = typeof options.dpi === 'number' ? [options.dpi] : [...(options.dpi ?? [200])];
  if (dpis.length === 0) dpis.push(200);
  const printers = new Map(dpis.map((d) => [d, new StylePrinter(election, d)]));
  const printerOf = (plan: BallotPlan): StylePrinter =>
    printers.get(dpis[(Number(plan.batch) - 1) % dpis.length] ?? 200) as StylePrinter;
  const window: { plan: BallotPlan; tiff: Promise<Buffer>; dpi: number }[] = [];
  const limit = options.concurrency ?? 4;
  let done = 0;
  const flush = async (): Promise<void> => {
    const next = window.shift();
    if (!next) return;
    add(next.plan, await next.tiff, next.dpi);
    done += 1;
    options.onProgress?.({
      done,
      total: options.count + planted.filter((d) => d.kind === 'rescan').length,
    });
  };
  for (let i = 0; i < options.count; i += 1) {
    options.signal?.throwIfAborted();
    const plan = planBallot(election, i, options);
    const printer = printerOf(plan);
    const ballot = await printer.ballot(plan, options.scan);
    window.push({
      plan: ballot.plan,
      dpi: printer.dpi,
      tiff:
        (options.scan?.scanner ?? (election.family === 'hart' ? 'grey' : 'bilevel')) === 'grey'
          ? encodeGreyTiff(ballot.image, ...ballot.pages.slice(1))
          : encodeBilevelTiff(ballot.image, ...ballot.pages.slice(1)),
    });
    if (window.length >= limit) await flush();
    let n = 0;
    for (const d of planted) {
      if (d.kind !== 'rescan' || d.copyOf !== i) continue;
      // The same paper again, saved another way: greyscale deflate rather than Group 4, at the
      // resolution it was first scanned at.
      const scanned = await printer.ballot(ballot.plan, options.scan, n++);
      const again = d.fed ? feedTurned(scanned, d.fed) : scanned;
      const [tabulator, batch, record] = d.ballotId.split('-');
      window.push({
        plan: {
          ...ballot.plan,
          id: d.ballotId,
          tabulator: tabulator ?? '',
          batch: batch ?? '',
          record: record ?? '',
        },
        dpi: printer.dpi,
        tiff: encodeGreyTiff(again.image, ...again.pages.slice(1)),
      });
      if (window.length >= limit) await flush();
    }
  }
  while (window.length > 0) await flush();
}
