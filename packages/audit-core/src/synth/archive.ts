import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import type { CvrSink } from '../cvr/writers/index.js';
import { encodeBilevelTiff, encodeGreyTiff } from '../image/load.js';
import { StylePrinter } from './ballots.js';
import { writeSyntheticCvr, type SyntheticCvrFormat } from './cvr.js';
import { planDiscrepancies, type DiscrepancyOptions } from './discrepancies.js';
import type { PlantedDiscrepancy } from './discrepancies.js';
import type { SynthElection } from './election.js';
import { planBallot, type BallotPlan } from './plan.js';
import { LineQueue } from './queue.js';
import type { ScanOptions } from './scan.js';

export interface WriteElectionOptions extends DiscrepancyOptions {
  count: number;
  dpi?: number;
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
 * family) in a zip (`<batch>/<id>.tif`, as
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
  const dpi = options.dpi ?? 200;
  const planted = planDiscrepancies(election, options.count, options);
  await sink.write('election.json', JSON.stringify(election, null, 2));
  await sink.write('discrepancies.json', JSON.stringify(planted, null, 2));
  const zip = new yazl.ZipFile();
  zip.outputStream.pipe(images);
  const truth = new LineQueue();
  const truthWritten = sink.write('truth.jsonl', truth);
  try {
    await drawAndEncode(election, options, dpi, planted, (plan, tiff) => {
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
  dpi: number,
  planted: PlantedDiscrepancy[],
  add: (plan: BallotPlan, tiff: Buffer) => void,
): Promise<void> {
  const printer = new StylePrinter(election, dpi);
  const window: { plan: BallotPlan; tiff: Promise<Buffer> }[] = [];
  const limit = options.concurrency ?? 4;
  let done = 0;
  const flush = async (): Promise<void> => {
    const next = window.shift();
    if (!next) return;
    add(next.plan, await next.tiff);
    done += 1;
    options.onProgress?.({
      done,
      total: options.count + planted.filter((d) => d.kind === 'rescan').length,
    });
  };
  for (let i = 0; i < options.count; i += 1) {
    options.signal?.throwIfAborted();
    const ballot = await printer.ballot(planBallot(election, i, options), options.scan);
    window.push({
      plan: ballot.plan,
      tiff:
        election.family === 'hart'
          ? encodeGreyTiff(ballot.image, ...ballot.pages.slice(1))
          : encodeBilevelTiff(ballot.image, ...ballot.pages.slice(1)),
    });
    if (window.length >= limit) await flush();
    let n = 0;
    for (const d of planted) {
      if (d.kind !== 'rescan' || d.copyOf !== i) continue;
      // The same paper again, saved another way: greyscale deflate rather than Group 4.
      const again = await printer.ballot(ballot.plan, options.scan, n++);
      const [tabulator, batch, record] = d.ballotId.split('-');
      window.push({
        plan: {
          ...ballot.plan,
          id: d.ballotId,
          tabulator: tabulator ?? '',
          batch: batch ?? '',
          record: record ?? '',
        },
        tiff: encodeGreyTiff(again.image, ...again.pages.slice(1)),
      });
      if (window.length >= limit) await flush();
    }
  }
  while (window.length > 0) await flush();
}
