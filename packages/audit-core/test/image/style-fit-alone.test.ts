import { describe, expect, it } from 'vitest';
import {
  buildTemplate,
  makeElection,
  StylePrinter,
  type GreyImage,
  type Template,
} from '../../src/index.js';
import { fitsStyle, styleFit, styleSamples } from '../../src/image/match.js';
import { registerOn } from '../../src/image/registration.js';

/**
 * Corner-ovals styles S1 (three columns) and S2 (two): each style's blank page and its
 * template with samples taken from that page.
 */
async function styles(): Promise<{ templates: Template[]; pages: GreyImage[] }> {
  const election = makeElection({ seed: 'style-fit-alone', family: 'corner-ovals', contests: 7 });
  const printer = new StylePrinter(election, 200);
  const templates: Template[] = [];
  const pages: GreyImage[] = [];
  for (const style of election.styles.slice(0, 2)) {
    const { layout, blank } = await printer.style(style.id);
    const template = buildTemplate(blank, {
      id: style.id,
      meanings: layout.targets.map(({ contestId, optionId }) => ({ contestId, optionId })),
    });
    template.samples = styleSamples(template, [blank]);
    templates.push(template);
    pages.push(blank);
  }
  return { templates, pages };
}

describe('a style no other style’s sheets register on', () => {
  it('is given a fit from those sheets laid on its corner marks, and its own sheets fit it surely', async () => {
    const { templates, pages } = await styles();
    const [one, two] = templates as [Template, Template];
    const [pageOne, pageTwo] = pages as [GreyImage, GreyImage];
    // The premise: S1's sheet shows too few of S2's targets where S2 prints them.
    expect(() => registerOn(two, pageOne)).toThrow(/does not fit the template/);
    const fit = styleFit(two, [pageOne]);
    // Before, no fit: every S2 sheet was laid on every style and matched against all of them.
    expect(fit).toBeDefined();
    two.fit = fit;
    expect(fit?.gap).toBeGreaterThan(100);
    const own = fitsStyle(pageTwo, two);
    expect(own?.sure).toBe(true);
    expect(own?.distance).toBeLessThan(5);
    // S1's own fit, measured on S2's sheet the same way, still tells S1's sheet from S2's.
    one.fit = styleFit(one, [pageTwo]);
    expect(fitsStyle(pageTwo, one)?.sure ?? false).toBe(false);
    expect(fitsStyle(pageOne, two)).toBeUndefined();
  });
});
