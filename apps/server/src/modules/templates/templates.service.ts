import {
  editedMapKey,
  exemplarKey,
  findEditedMap,
  PATHS,
  readBytes,
  readCsvAll,
  readJson,
  type EditedTargetMap,
  type ElectionInfo,
  type JobStore,
  type StoredTemplate,
} from '@scrutineer/audit-core';
import {
  TEMPLATE_MESSAGES as M,
  type MappedTarget,
  type ObscuredTarget,
  type TargetMap,
  type TemplateImageKind,
  type TemplateList,
  type TemplateStyle,
} from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { canRunJob, loadJob } from '../audit-jobs/index.js';
import { listOperations, markOutOfDateFrom, openJobStore } from '../operations/index.js';
import type { UserRow } from '../users/index.js';

const dir = (style: string) => `${PATHS.templates}${encodeURIComponent(style)}/`;
const templateKey = (style: string) => `${dir(style)}template.json`;
const imageKey = (style: string, kind: TemplateImageKind) =>
  kind === 'exemplar' ? exemplarKey(style) : `${dir(style)}${kind}.png`;

/** A style side's template id split into its style and side. */
function sideOf(style: string): { base: string; side: number } {
  const m = /~(\d+)$/.exec(style);
  return m ? { base: style.slice(0, m.index), side: Number(m[1]) } : { base: style, side: 1 };
}

/** Width and height of a PNG from its header: its first 24 bytes, not the whole page. */
async function pngSize(store: JobStore, key: string): Promise<{ width: number; height: number }> {
  const stream = await store.read(key);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= 24) break;
  }
  stream.destroy();
  const head = Buffer.concat(chunks);
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

async function election(store: JobStore): Promise<ElectionInfo | undefined> {
  return (await store.exists(PATHS.election))
    ? readJson<ElectionInfo>(store, PATHS.election)
    : undefined;
}

async function openTemplates(deps: AppDeps, user: UserRow, jobId: number) {
  const loaded = await loadJob(deps.database.db, user, jobId);
  const { store } = await openJobStore(deps, jobId);
  return { store, canEdit: canRunJob(user, loaded) };
}

/** The style sides gentemplates left: those with a template, and those with an exemplar only. */
async function styleSides(store: JobStore): Promise<{ style: string; hasTemplate: boolean }[]> {
  const found = new Map<string, boolean>();
  for await (const { key } of store.list(PATHS.templates)) {
    const m = /^gentemplates\/([^/]+)\/(template\.json|exemplar\.png)$/.exec(key);
    if (!m?.[1]) continue;
    const style = decodeURIComponent(m[1]);
    found.set(style, found.get(style) === true || m[2] === 'template.json');
  }
  return [...found]
    .map(([style, hasTemplate]) => ({ style, hasTemplate }))
    .sort((a, b) => (a.style < b.style ? -1 : 1));
}

const automaticOf = (rows: Record<string, string>[], style: string): MappedTarget[] =>
  rows
    .filter((r) => r.style === style)
    .map((r) => ({
      x: Number(r.x),
      y: Number(r.y),
      width: Number(r.width),
      height: Number(r.height),
      contest_id: r.contest_id ?? '',
      option_id: r.option_id ?? '',
    }));

/** The template's targets read gray on every sheet, with what they vote for. */
const obscuredOf = (stored: StoredTemplate | undefined): ObscuredTarget[] =>
  (stored?.targets ?? []).flatMap((t, i) => {
    const meaning = stored?.meanings[i];
    return t.isObscured && meaning
      ? [{ contest_id: meaning.contestId, option_id: meaning.optionId, reason: M.obscured }]
      : [];
  });

const editedOf = (map: EditedTargetMap | undefined) =>
  map ? { by: map.edited_by, at: map.edited_at } : null;

/** Every style side with its images, targets and the signals a reviewer checks first. */
export async function listTemplates(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
): Promise<TemplateList> {
  const { store, canEdit } = await openTemplates(deps, user, jobId);
  const eif = await election(store);
  const sides = await styleSides(store);
  const sheets = await readCsvAll(store, PATHS.votesSheets);
  const exemplarRows = await readCsvAll(store, PATHS.exemplars);
  const expectedOf = (base: string): number | null => {
    const ids = eif?.styles?.find((s) => s.id === base)?.contestIds;
    if (!ids) return null;
    return ids.reduce(
      (n, id) => n + (eif?.contests.find((c) => c.id === id)?.options.length ?? 0),
      0,
    );
  };
  const styles: TemplateStyle[] = [];
  for (const { style, hasTemplate } of sides) {
    const { base, side } = sideOf(style);
    const stored = hasTemplate
      ? await readJson<StoredTemplate>(store, templateKey(style))
      : undefined;
    const edited = await findEditedMap(store, style);
    const size = await pngSize(store, imageKey(style, hasTemplate ? 'template' : 'exemplar'));
    const read = sheets.filter((r) => r.style === base && r.status === 'read');
    const residuals = read.map((r) => Number(r.residual)).filter((r) => Number.isFinite(r));
    const found = edited?.targets.length ?? stored?.targets.length ?? 0;
    const expected = expectedOf(base);
    const problems: string[] = [];
    if (!hasTemplate && !edited) problems.push('no template: map its targets on its exemplar');
    // Later sides hold part of the style's contests: the count is checked on one-sided styles.
    const oneSided = !sides.some((s) => sideOf(s.style).base === base && s.style !== base);
    if (expected !== null && oneSided && found !== expected)
      problems.push(`${found} targets mapped, the election file defines ${expected}`);
    const obscured = edited ? 0 : (stored?.targets.filter((t) => t.isObscured).length ?? 0);
    if (obscured > 0) problems.push(M.obscuredCount(obscured));
    if (stored?.mappingSource === 'position' && !edited) problems.push(M.awaitingMap);
    styles.push({
      style,
      base_style: base,
      side,
      has_template: hasTemplate,
      has_exemplar: await store.exists(exemplarKey(style)),
      has_redline: await store.exists(imageKey(style, 'redline')),
      width: size.width,
      height: size.height,
      exemplars:
        stored?.exemplars.used.length ?? exemplarRows.filter((r) => r.style === base).length,
      targets_found: found,
      targets_expected: expected,
      mapping_source: edited ? 'edited' : (stored?.mappingSource ?? 'none'),
      residual: residuals.length
        ? Number((residuals.reduce((a, b) => a + b, 0) / residuals.length).toFixed(2))
        : null,
      sheets_read: read.length,
      edited: editedOf(edited),
      problems,
    });
  }
  // A style mapped by hand on its exemplar is read with that map: it is no longer missing.
  const fronts = new Set(
    styles.filter((s) => (s.has_template || s.edited) && s.side === 1).map((s) => s.style),
  );
  return {
    styles,
    missing: (eif?.styles ?? []).map((s) => s.id).filter((id) => !fronts.has(id)),
    contests: (eif?.contests ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      options: c.options.map((o) => ({ id: o.id, name: o.name })),
    })),
    can: { edit: canEdit },
  };
}

async function mapOf(store: JobStore, style: string, canEdit: boolean): Promise<TargetMap> {
  const hasTemplate = await store.exists(templateKey(style));
  if (!hasTemplate && !(await store.exists(exemplarKey(style))))
    throw notFound(M.styleNotFound(style));
  const image: TemplateImageKind = hasTemplate ? 'template' : 'exemplar';
  const size = await pngSize(store, imageKey(style, image));
  const automatic = hasTemplate ? automaticOf(await readCsvAll(store, PATHS.mapping), style) : [];
  const edited = await findEditedMap(store, style);
  const eif = await election(store);
  const ids = eif?.styles?.find((s) => s.id === sideOf(style).base)?.contestIds;
  // A person's map reads every box it holds; the automatic one leaves obscured targets gray.
  const stored =
    hasTemplate && !edited ? await readJson<StoredTemplate>(store, templateKey(style)) : undefined;
  return {
    style,
    ...size,
    image,
    targets: edited?.targets ?? automatic,
    automatic,
    edited: editedOf(edited),
    obscured: obscuredOf(stored),
    contest_ids: ids ?? (eif?.contests ?? []).map((c) => c.id),
    can: { edit: canEdit },
  };
}

export async function getTargetMap(deps: AppDeps, user: UserRow, jobId: number, style: string) {
  const { store, canEdit } = await openTemplates(deps, user, jobId);
  return mapOf(store, style, canEdit);
}

/** Refuses a map with a box off the page, an option mapped twice, or one the election lacks. */
function validateMap(
  targets: MappedTarget[],
  size: { width: number; height: number },
  eif: ElectionInfo | undefined,
): void {
  const seen = new Set<string>();
  targets.forEach((t, i) => {
    if (t.x + t.width > size.width || t.y + t.height > size.height)
      throw badRequest(M.outside(i, size.width, size.height));
    const key = `${t.contest_id}\u0000${t.option_id}`;
    if (seen.has(key)) throw badRequest(M.mappedTwice(i, t.contest_id, t.option_id));
    seen.add(key);
    if (!eif) return;
    const contest = eif.contests.find((c) => c.id === t.contest_id);
    if (!contest) throw badRequest(M.contestUnknown(i, t.contest_id));
    if (!contest.options.some((o) => o.id === t.option_id))
      throw badRequest(M.optionUnknown(i, t.contest_id, t.option_id));
  });
}

/** Stages that write or read the target maps: a save waits for them to finish. */
const MAP_STAGES = ['gentemplates', 'extractvote'];

const nameOf = (user: UserRow) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email || `user ${user.id}`;

/**
 * Saves a style side's map (Auditor): who and when go with it, the automatic map stays in
 * gentemplates' output, and extractvote and every later built stage go out of date.
 */
export async function saveTargetMap(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  style: string,
  targets: MappedTarget[] | null,
) {
  const { store, canEdit } = await openTemplates(deps, user, jobId);
  if (!canEdit) throw forbidden(M.auditorOnly);
  const before = await mapOf(store, style, canEdit);
  if (targets) validateMap(targets, before, await election(store));
  else if (!before.edited) throw notFound(M.notEdited);
  // The stage rows stay locked from the check to the mark, so no run starts in between.
  const stale = await deps.database.db.transaction(async (tx) => {
    const running = (await listOperations(tx, jobId, true)).find(
      (o) => o.status === 'RUNNING' && MAP_STAGES.includes(o.operation),
    );
    if (running) throw conflict(M.stageRunning(running.operation));
    if (targets) {
      const map: EditedTargetMap = {
        style,
        targets,
        edited_by: nameOf(user),
        edited_at: new Date().toISOString(),
      };
      await store.write(editedMapKey(style), JSON.stringify(map));
    } else await store.remove(editedMapKey(style));
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'job',
      subjectId: jobId,
      action: targets ? 'target-map-save' : 'target-map-restore',
      data: { style, targets: targets?.length ?? before.automatic.length },
    });
    return markOutOfDateFrom(tx, jobId, 'extractvote');
  });
  const done = targets ? M.saved : M.restored;
  return {
    message: stale.length ? `${done}. ${M.outOfDate(stale)}` : done,
    map: await mapOf(store, style, canEdit),
    out_of_date: stale,
  };
}

/** A style side's image as PNG bytes, for members of the job. */
export async function readTemplateImage(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  style: string,
  kind: TemplateImageKind,
): Promise<Buffer> {
  const { store } = await openTemplates(deps, user, jobId);
  const key = imageKey(style, kind);
  if (!(await store.exists(key))) throw notFound(M.noImage(kind));
  return readBytes(store, key);
}
