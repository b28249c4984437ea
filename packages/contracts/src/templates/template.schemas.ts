import { z } from 'zod';

/** The most targets one side of a ballot may have in a map. */
export const TEMPLATE_MAX_TARGETS = 2000;
export const TEMPLATE_IMAGE_KINDS = ['template', 'redline', 'exemplar'] as const;
export type TemplateImageKind = (typeof TEMPLATE_IMAGE_KINDS)[number];
export const TARGET_MAP_FORMATS = ['json', 'csv'] as const;

const id = z.string().trim().min(1, 'Required.').max(200);
/** A style id as a path segment: the template id (`<style>` or `<style>~<side>`). */
const styleParam = z.string().trim().min(1).max(200);

export const templateJobParamsSchema = z.object({ jobId: z.coerce.number().int().positive() });
export const templateStyleParamsSchema = templateJobParamsSchema.extend({ style: styleParam });
export const templateImageParamsSchema = templateStyleParamsSchema.extend({
  kind: z.enum(TEMPLATE_IMAGE_KINDS),
});

/** One target of a style's map: its box on the template in pixels, and what it votes for. */
export const mappedTargetSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(2).max(2000),
  height: z.number().int().min(2).max(2000),
  contest_id: id,
  option_id: id,
});
export type MappedTarget = z.infer<typeof mappedTargetSchema>;

export const targetMapBodySchema = z.object({
  targets: z.array(mappedTargetSchema).max(TEMPLATE_MAX_TARGETS),
});
export type TargetMapBody = z.infer<typeof targetMapBodySchema>;

export const targetMapImportBodySchema = z.object({
  format: z.enum(TARGET_MAP_FORMATS),
  content: z.string().min(1, 'Required.').max(2_000_000),
});
export type TargetMapImportBody = z.infer<typeof targetMapImportBodySchema>;

export const targetMapExportQuerySchema = z.object({
  format: z.enum(TARGET_MAP_FORMATS).default('json'),
});

const editedSchema = z.object({ by: z.string(), at: z.string() }).nullable();

/** One side of a style as gentemplates left it, with what a reviewer checks at a glance. */
export const templateStyleSchema = z.object({
  /** The template id: the style, or `<style>~<side>` for a later side. */
  style: z.string(),
  base_style: z.string(),
  side: z.number().int(),
  has_template: z.boolean(),
  /** An exemplar page a person can map on when the engine made no template. */
  has_exemplar: z.boolean(),
  has_redline: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
  exemplars: z.number().int(),
  targets_found: z.number().int(),
  /** Targets the election file defines for this style (all sides); null when it names none. */
  targets_expected: z.number().int().nullable(),
  mapping_source: z.string(),
  /** Mean registration residual of the style's sheets in pixels, once extractvote ran. */
  residual: z.number().nullable(),
  sheets_read: z.number().int(),
  edited: editedSchema,
  problems: z.array(z.string()),
});
export type TemplateStyle = z.infer<typeof templateStyleSchema>;

const electionContestSchema = z.object({
  id: z.string(),
  name: z.string(),
  options: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const templateListSchema = z.object({
  styles: z.array(templateStyleSchema),
  /** Styles of the election file with neither a template nor a map drawn by hand. */
  missing: z.array(z.string()),
  contests: z.array(electionContestSchema),
  can: z.object({ edit: z.boolean() }),
});
export type TemplateList = z.infer<typeof templateListSchema>;

/**
 * A target of the automatic map found under other print (a SAMPLE word, a watermark) with no
 * paper left inside it to read a mark on: every sheet reads it gray, for a person to decide.
 */
export const obscuredTargetSchema = z.object({
  contest_id: z.string(),
  option_id: z.string(),
  /** Why it is always gray, in plain words. */
  reason: z.string(),
});
export type ObscuredTarget = z.infer<typeof obscuredTargetSchema>;

export const targetMapSchema = z.object({
  style: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The image the map is drawn on: the template, else the first exemplar. */
  image: z.enum(TEMPLATE_IMAGE_KINDS),
  targets: z.array(mappedTargetSchema),
  /** The map gentemplates made, kept for comparison. */
  automatic: z.array(mappedTargetSchema),
  edited: editedSchema,
  /** Targets of the automatic map read gray on every sheet; none once a person maps the style. */
  obscured: z.array(obscuredTargetSchema),
  /** Contest ids of this style in the election file (all of them when it names none). */
  contest_ids: z.array(z.string()),
  can: z.object({ edit: z.boolean() }),
});
export type TargetMap = z.infer<typeof targetMapSchema>;

export const targetMapSavedSchema = z.object({
  message: z.string(),
  map: targetMapSchema,
  out_of_date: z.array(z.string()),
});
export type TargetMapSaved = z.infer<typeof targetMapSavedSchema>;
