// Printed card codes read with Tesseract (tesseract.js, English LSTM model from an npm package)
// on real scans: Cedar County's cards print `FRONT Card N RptPct M "…"` at their foot. Each blank's
// code is read once, over the foot of its template; each voted sheet's code is read where its
// style's template prints it, laid on the sheet through the sheet's registration. Accuracy is
// against the styles read by eye (the Cedar test's mapping); CPU per sheet is the process's
// (the recognizer's worker thread included), beside decoding the sheet alone.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  buildTemplate,
  loadPage,
  readBallot,
  type Template,
} from '../packages/audit-core/src/index.js';
import { CardCodeReader } from '../packages/audit-core/src/image/printed-code.js';
import { repoRoot } from './lib/server.js';
import { machineLine, writeSection } from './lib/results.js';

const real = path.join(repoRoot, 'packages/audit-core/test/fixtures/real/images');
// Styles of Cedar's voted ballots, by eye from each card's foot (see test/image/real-scans.test.ts).
const CEDAR = [3, 4, 3, 4, 3, 4, 1, 2, 1, 2, 1, 2, 1, 2];
/** Calhoun's voted sheets whose blank prints a code, and that blank (test/image/calhoun.test.ts). */
const CALHOUN: Record<string, string> = {
  '1200_002': '1199_002',
  '1200_003': '1199_002',
  '1200_007': '1199_004',
  '1200_008': '1199_004',
  '1200_016': '1199_009',
  '1200_025': '1199_015',
  '1200_027': '1199_017',
  '1200_031': '1199_019',
  '1200_033': '1199_021',
  '1200_035': '1199_023',
  '1200_038': '1199_025',
};

const cpuMs = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

async function files(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((n) => n.endsWith('.tif')).sort();
}

async function main(): Promise<void> {
  const reader = new CardCodeReader();
  const lines: string[] = [];
  try {
    // The recognizer's start (WebAssembly and model), once per process.
    let start = process.cpuUsage();
    const started = Date.now();
    const cedar = path.join(real, 'cedar_2012_primary');
    const templates: Template[] = [];
    for (const name of await files(path.join(cedar, 'blank')))
      templates.push(
        buildTemplate(await loadPage(await readFile(path.join(cedar, 'blank', name))), {
          id: name.replace('.tif', ''),
        }),
      );
    const firstBlank = templates[0] as Template;
    await reader.onTemplate(firstBlank.image);
    const startup = cpuMs(start);
    const templateMs: number[] = [];
    const codes: (string | undefined)[] = [];
    for (const t of templates) {
      start = process.cpuUsage();
      const found = await reader.onTemplate({ ...t.image });
      templateMs.push(cpuMs(start));
      codes.push(found?.code);
    }
    let right = 0;
    const wrong: string[] = [];
    const decodeMs: number[] = [];
    const readMs: number[] = [];
    const ocrMs: number[] = [];
    const voted = await files(path.join(cedar, 'voted'));
    for (const [i, name] of voted.entries()) {
      const bytes = await readFile(path.join(cedar, 'voted', name));
      start = process.cpuUsage();
      const page = await loadPage(bytes);
      decodeMs.push(cpuMs(start));
      const template = templates[(CEDAR[i] ?? 1) - 1] as Template;
      start = process.cpuUsage();
      const reading = readBallot(page, template);
      readMs.push(cpuMs(start));
      const place = (await reader.onTemplate(template.image))?.place;
      start = process.cpuUsage();
      const code = place
        ? await reader.onPage(page, reading.registration.transform, place)
        : undefined;
      ocrMs.push(cpuMs(start));
      const expected = codes[(CEDAR[i] ?? 1) - 1];
      if (code && code === expected) right += 1;
      else wrong.push(`${name}: read ${code ?? 'nothing'}, its blank ${expected ?? 'nothing'}`);
    }
    // Calhoun prints a code on the cards of some precincts (1C, 4C, 12C, 13C) and none on the
    // others: a foot without one must read as none.
    const calhoun = path.join(real, 'calhoun_2010_primary');
    const calhounCodes: string[] = [];
    const calhounMs: number[] = [];
    const blanks = new Map<string, Template>();
    const blankCodes = new Map<string, string | undefined>();
    for (const name of await files(path.join(calhoun, 'blank'))) {
      const page = await loadPage(await readFile(path.join(calhoun, 'blank', name)));
      const id = name.replace('.tif', '');
      start = process.cpuUsage();
      const found = await reader.onTemplate(page);
      calhounMs.push(cpuMs(start));
      blankCodes.set(id, found?.code);
      if (found) calhounCodes.push(`${id} ${found.code}`);
      if (Object.values(CALHOUN).includes(id)) blanks.set(id, buildTemplate(page, { id }));
    }
    let calhounRight = 0;
    for (const [sheet, blank] of Object.entries(CALHOUN)) {
      const page = await loadPage(await readFile(path.join(calhoun, 'voted', `${sheet}.tif`)));
      const template = blanks.get(blank) as Template;
      const reading = readBallot(page, template);
      const place = (await reader.onTemplate(template.image))?.place;
      start = process.cpuUsage();
      const code = place
        ? await reader.onPage(page, reading.registration.transform, place)
        : undefined;
      ocrMs.push(cpuMs(start));
      if (code && code === blankCodes.get(blank)) calhounRight += 1;
      else
        wrong.push(
          `${sheet}: read ${code ?? 'nothing'}, its blank ${blankCodes.get(blank) ?? 'nothing'}`,
        );
    }
    const mean = (v: number[]): string =>
      (v.reduce((s, x) => s + x, 0) / Math.max(1, v.length)).toFixed(0);
    const ocrMean = Number(mean(ocrMs));
    const perSheet = Number(mean(decodeMs)) + Number(mean(readMs));
    lines.push(
      'Run: `npx tsx bench/printed-codes.ts`. Real scans from `packages/audit-core/test/fixtures/real/images/`: Cedar County 2012 (4 blank styles, 14 voted sheets, 1-bit Group 3 TIFF at 200 dpi, `FRONT Card N RptPct M "…"` printed at the foot) and Calhoun County 2010 (26 blank styles, 1-bit Group 4 TIFF at 200 dpi; the cards of precincts 1C, 4C, 12C and 13C print `FRONT Card N RptPct A-B "…"` at the foot, the others nothing). Each blank is made a template; its code is read once over the bottom 1.2 in of the page (sparse text, the band drawn at twice its size and softened). Each voted sheet is decoded, registered and read on its style (the styles read by eye), and its code read where the template prints it, laid on the sheet through the registration (one line, 0.25 in of room beside it and 0.08 in above and below, three times its size and softened). CPU is the process’s, the recognizer’s worker thread included.',
      machineLine(),
      '',
      '| what | count | CPU ms each (mean) |',
      '| --- | --- | --- |',
      `| recognizer start (WebAssembly, English model) | 1 | ${startup.toFixed(0)} (with the first template) |`,
      `| code over a Cedar template’s foot | ${templates.length} | ${mean(templateMs)} |`,
      `| code over a Calhoun template’s foot | ${calhounMs.length} | ${mean(calhounMs)} |`,
      `| Cedar sheet: decode | ${voted.length} | ${mean(decodeMs)} |`,
      `| Cedar sheet: register and read the marks | ${voted.length} | ${mean(readMs)} |`,
      `| a sheet’s code, where its template prints it (Cedar and Calhoun) | ${ocrMs.length} | ${mean(ocrMs)} |`,
      '',
      `Codes read on the Cedar templates: ${codes.map((c) => c ?? 'none').join('; ')}. Cedar’s voted sheets whose code equals their blank’s: **${right} of ${voted.length}**. Calhoun templates with a code read at the foot: ${calhounCodes.length} of ${calhounMs.length} (${calhounCodes.join('; ')}); Calhoun’s voted sheets of those styles whose code equals their blank’s: **${calhounRight} of ${Object.keys(CALHOUN).length}**.${wrong.length ? ` Not equal: ${wrong.join('; ')}.` : ''} Reading a sheet’s code costs ${(ocrMean / perSheet).toFixed(2)}× decoding, registering and reading it; it is read only for sheets whose style the image cannot surely tell. Wall time ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    );
  } finally {
    await reader.close();
  }
  const body = lines.join('\n');
  console.log(body);
  if (process.env.WRITE_RESULTS !== '0')
    await writeSection('Audit engine: printed card codes read with Tesseract', body);
}

await main();
