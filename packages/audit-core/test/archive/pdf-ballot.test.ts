import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  encodePng,
  generateBallots,
  makeElection,
  readArchive,
  readBallot,
  StylePrinter,
  styleTemplate,
  type ArchivePage,
  type GreyImage,
  type SyntheticBallot,
} from '../../src/index.js';
import { writeZipFile } from './helpers.js';

/** A scanned page inside a PDF at 200 dpi, as ES&S writes ballot images. */
async function pdfOf(image: GreyImage): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(await encodePng(image));
  const size = { width: (image.width * 72) / 200, height: (image.height * 72) / 200 };
  doc.addPage([size.width, size.height]).drawImage(png, { x: 0, y: 0, ...size });
  return Buffer.from(await doc.save());
}

describe('PDF ballot pages', () => {
  it('renders a generated ballot from a PDF in an archive and reads its marks as the truth says', async () => {
    const election = makeElection({ seed: 'pdf-ballot' });
    const ballots: SyntheticBallot[] = [];
    for await (const ballot of generateBallots(election, { count: 2 })) ballots.push(ballot);
    const path = await writeZipFile(
      await Promise.all(
        ballots.map(async (b) => ({ name: `images/${b.plan.id}.pdf`, data: await pdfOf(b.image) })),
      ),
    );
    const printer = new StylePrinter(election);
    const read: ArchivePage[] = [];
    for await (const item of readArchive(path)) {
      if (item.type === 'problem') throw new Error(item.message);
      read.push(item);
    }
    expect(read.map((p) => [p.id, p.format])).toEqual(
      ballots.map((b) => [`images/${b.plan.id}.pdf`, 'pdf']),
    );
    for (const [i, page] of read.entries()) {
      const ballot = ballots[i] as SyntheticBallot;
      const image = page.image as GreyImage;
      expect([image.width, image.height]).toEqual([ballot.image.width, ballot.image.height]);
      const reading = readBallot(image, await styleTemplate(printer, ballot.plan.styleId));
      const decided = reading.targets.filter((t) => t.decision !== 'gray');
      expect(decided.length).toBeGreaterThanOrEqual(reading.targets.length * 0.9);
      for (const t of decided)
        expect(t.decision === 'vote', `${ballot.plan.id} target ${t.index}`).toBe(
          ballot.plan.targets[t.index]?.isIntended,
        );
    }
  });
});
