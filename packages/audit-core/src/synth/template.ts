import type { GreyImage } from '../image/grey.js';
import { buildTemplate, type Template } from '../image/template.js';
import type { StylePrinter } from './ballots.js';

/** The reader's template for a generated style, built from its blank print like a real one. */
export async function styleTemplate(
  printer: StylePrinter,
  styleId: string,
  blank?: GreyImage,
): Promise<Template> {
  const { layout, blank: printed } = await printer.style(styleId);
  const ids = new Set(layout.targets.map((t) => t.contestId));
  return buildTemplate(blank ?? printed, {
    id: styleId,
    meanings: layout.targets.map(({ contestId, optionId }) => ({ contestId, optionId })),
    contests: printer.election.contests
      .filter((c) => ids.has(c.id))
      .map((c) => ({ id: c.id, voteFor: c.voteFor })),
  });
}
