import { asc, eq } from 'drizzle-orm';
import { markdownFiles } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type MarkdownRow = typeof markdownFiles.$inferSelect;

export const listMarkdown = (db: Executor): Promise<MarkdownRow[]> =>
  db.select().from(markdownFiles).orderBy(asc(markdownFiles.id));

export async function findMarkdown(db: Executor, id: number): Promise<MarkdownRow | null> {
  const [row] = await db.select().from(markdownFiles).where(eq(markdownFiles.id, id)).limit(1);
  return row ?? null;
}

export async function findMarkdownByType(
  db: Executor,
  fileType: string,
): Promise<MarkdownRow | null> {
  const [row] = await db
    .select()
    .from(markdownFiles)
    .where(eq(markdownFiles.fileType, fileType))
    .limit(1);
  return row ?? null;
}

export async function insertMarkdown(
  db: Executor,
  values: typeof markdownFiles.$inferInsert,
): Promise<MarkdownRow> {
  const [row] = await db.insert(markdownFiles).values(values).returning();
  if (!row) throw new Error('Markdown insert returned no row');
  return row;
}

export async function updateMarkdown(
  db: Executor,
  id: number,
  values: Partial<typeof markdownFiles.$inferInsert>,
): Promise<MarkdownRow | null> {
  const [row] = await db
    .update(markdownFiles)
    .set({ ...values, lastModified: new Date() })
    .where(eq(markdownFiles.id, id))
    .returning();
  return row ?? null;
}

export async function deleteMarkdown(db: Executor, id: number): Promise<void> {
  await db.delete(markdownFiles).where(eq(markdownFiles.id, id));
}
