import { describe, expect, it } from 'vitest';
import {
  buildTemplate,
  makeElection,
  StylePrinter,
  type GreyImage,
  type Template,
} from '../../src/index.js';
import { registerOn } from '../../src/image/registration.js';

/** Two corner-ovals styles' blank templates at 200 dpi. */
async function blanks(): Promise<{ templates: Template[]; pages: GreyImage[] }> {
  const election = makeElection({
    seed: 'registration-search',
    family: 'corner-ovals',
    contests: 7,
  });
  const printer = new StylePrinter(election, 200);
  const templates: Template[] = [];
  const pages: GreyImage[] = [];
  for (const style of election.styles.slice(0, 2)) {
    const { layout, blank } = await printer.style(style.id);
    pages.push(blank);
    templates.push(
      buildTemplate(blank, {
        id: style.id,
        meanings: layout.targets.map(({ contestId, optionId }) => ({ contestId, optionId })),
      }),
    );
  }
  return { templates, pages };
}

/**
 * The page with everything but its corner marks moved by (dx, dy) pixels: the print sits
 * further from the marks than the template says, as on a sheet printed off register.
 */
function printMoved(page: GreyImage, dx: number, dy: number): GreyImage {
  const { width, height, data } = page;
  const corner = Math.round(width * 0.12);
  const out = new Uint8Array(data);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const nearX = x < corner || x >= width - corner;
      const nearY = y < corner || y >= height - corner;
      if (nearX && nearY) continue;
      const sx = x - dx;
      const sy = y - dy;
      const inside = sx >= 0 && sy >= 0 && sx < width && sy < height;
      out[y * width + x] =
        inside && !(sx < corner || sx >= width - corner) ? (data[sy * width + sx] as number) : 255;
    }
  return { width, height, data: out, ...(page.dpi ? { dpi: page.dpi } : {}) };
}

describe('registration on corner marks, refined on the targets', () => {
  it('looks wider where the print sits 0.05 in off the marks (beyond the near search)', async () => {
    const { templates, pages } = await blanks();
    const template = templates[0] as Template;
    // 10 and 7 pixels at 200 dpi: past the near search (0.025 in), within the wide (0.07 in).
    // The marks join every fit, so not every target comes within the narrow search; most do.
    const moved = printMoved(pages[0] as GreyImage, 10, 7);
    const registration = registerOn(template, moved);
    expect(registration.matched).toBeGreaterThanOrEqual(template.targets.length * 0.7);
    expect(registration.transform.c).toBeGreaterThan(3);
    expect(registration.transform.f).toBeGreaterThan(2);
  });

  it('registers a blank on its own template with every target found', async () => {
    const { templates, pages } = await blanks();
    const registration = registerOn(templates[1] as Template, pages[1] as GreyImage);
    expect(registration.matched).toBe((templates[1] as Template).targets.length);
    expect(Math.abs(registration.transform.c)).toBeLessThan(1);
  });

  it('finds fewer than half the targets of another style whose ovals lie elsewhere', async () => {
    const { templates, pages } = await blanks();
    // Laid on the other style's template: either refused, or few of its targets found.
    let matched = 0;
    try {
      matched = registerOn(templates[1] as Template, pages[0] as GreyImage).matched;
    } catch {
      matched = 0;
    }
    expect(matched).toBeLessThan((templates[1] as Template).targets.length);
  });
});
