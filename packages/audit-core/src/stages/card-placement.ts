import { loadPage } from '../image/load.js';
import { CardCodeReader, parseCardCode } from '../image/printed-code.js';
import type { StageContext } from './context.js';
import { walkImageEntries } from './images.js';
import type { ElectionInfo } from './job.js';

/** A sampled sheet as placing reads it: its BIF row and its entry in the archive. */
interface Sampled {
  row: { sheet_id: string; archive: string };
  index: number;
}

/**
 * Places sheets whose look several declared styles print alike by the card code their foot
 * prints (`CardCodeReader.atFoot`), where the election file declares each style's code
 * (`card`). A sheet goes to the one style among `candidates` whose declared code it prints;
 * sheets with no code read, or one no candidate (or several) declares, are left out.
 */
export async function placeByCard(
  ctx: StageContext,
  members: Sampled[],
  candidates: string[],
  info: ElectionInfo,
): Promise<Map<string, string>> {
  const declared = new Map<string, string[]>();
  for (const s of info.styles ?? []) {
    const code = candidates.includes(s.id) && s.card ? parseCardCode(s.card) : undefined;
    if (code) declared.set(code, [...(declared.get(code) ?? []), s.id]);
  }
  const placed = new Map<string, string>();
  if (declared.size < 2) return placed;
  const byArchive = new Map<string, Map<number, Sampled>>();
  for (const m of members)
    byArchive.set(
      m.row.archive,
      (byArchive.get(m.row.archive) ?? new Map<number, Sampled>()).set(m.index, m),
    );
  const reader = new CardCodeReader();
  try {
    for (const [archive, wanted] of byArchive)
      for await (const item of walkImageEntries(ctx.store, archive, (i) => wanted.has(i))) {
        ctx.checkCancelled();
        const member = item.type === 'problem' ? undefined : wanted.get(item.entry.entryIndex);
        if (item.type === 'problem' || !member) continue;
        let code: string | undefined;
        try {
          const front = await loadPage(await item.read(), {
            label: item.entry.entry,
            upright: 'print',
          });
          code = (await reader.atFoot(front))?.code;
        } catch {
          continue; // Left unplaced with its look's reason; extractvote says what it finds.
        }
        const styles = code ? declared.get(code) : undefined;
        if (styles?.length === 1 && styles[0]) placed.set(member.row.sheet_id, styles[0]);
      }
  } finally {
    await reader.close();
  }
  return placed;
}
