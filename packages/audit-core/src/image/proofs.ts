import sharp, { type Sharp } from 'sharp';
import type { GreyImage } from './grey.js';
import type { BallotReading } from './read.js';
import type { Template } from './template.js';

const escape = (text: string): string =>
  text.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c,
  );

function rawGrey(image: GreyImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });
}

/**
 * A redline proof: the template with every target outlined in red and numbered (from 1) with
 * its contest, for a person to check the target mapping.
 */
export async function renderRedline(template: Template): Promise<Buffer> {
  const { width, height } = template.image;
  const size = Math.round(template.dpi * 0.07);
  const shapes = template.targets.map((t, i) => {
    const m = template.meanings[i];
    const label = `${i + 1}${m ? ` ${m.contestId}` : ''}`;
    return (
      `<rect x="${t.x0 - 3}" y="${t.y0 - 3}" width="${t.width + 6}" height="${t.height + 6}" fill="none" stroke="red" stroke-width="3"/>` +
      `<text x="${t.x0 + t.width / 2}" y="${t.y0 - 5}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="red" stroke="white" stroke-width="0.6" text-anchor="middle">${escape(label)}</text>`
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`;
  return rawGrey(template.image)
    .toColourspace('srgb')
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

const COLOURS = { vote: '#0a0', blank: '#888', gray: '#f80' } as const;

/**
 * A contact sheet: each target's crop from the page, framed in the colour of its decision
 * (green vote, grey blank, orange gray) and captioned with its number and fill.
 */
export async function renderContactSheet(
  page: GreyImage,
  reading: BallotReading,
  template: Template,
): Promise<Buffer> {
  const cell = Math.round(template.dpi * 0.5);
  const zoom = 2;
  const perRow = 8;
  const rows = Math.ceil(reading.targets.length / perRow);
  const tile = cell * zoom;
  const width = perRow * tile;
  const height = rows * (tile + 24);
  const layers = await Promise.all(
    reading.targets.map(async (t, i) => {
      const left = Math.max(0, Math.min(page.width - cell, Math.round(t.x - cell / 2)));
      const top = Math.max(0, Math.min(page.height - cell, Math.round(t.y - cell / 2)));
      const input = await rawGrey(page)
        .extract({ left, top, width: cell, height: cell })
        .resize(tile, tile, { kernel: 'nearest' })
        .png()
        .toBuffer();
      return { input, left: (i % perRow) * tile, top: Math.floor(i / perRow) * (tile + 24) };
    }),
  );
  const frames = reading.targets.map((t, i) => {
    const x = (i % perRow) * tile;
    const y = Math.floor(i / perRow) * (tile + 24);
    const colour = COLOURS[t.decision];
    return (
      `<rect x="${x + 2}" y="${y + 2}" width="${tile - 4}" height="${tile - 4}" fill="none" stroke="${colour}" stroke-width="4"/>` +
      `<text x="${x + 4}" y="${y + tile + 18}" font-family="DejaVu Sans" font-size="15" fill="${colour}">${i + 1} ${t.decision} ${t.fill.toFixed(2)}</text>`
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${frames.join('')}</svg>`;
  return sharp({ create: { width, height, channels: 3, background: '#fff' } })
    .composite([...layers, { input: Buffer.from(svg), left: 0, top: 0 }])
    .png()
    .toBuffer();
}
