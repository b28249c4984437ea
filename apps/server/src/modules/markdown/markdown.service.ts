import type { z } from 'zod';
import {
  ADMIN_MESSAGES,
  MARKDOWN_LIMITS,
  markdownFileTypeSchema,
  markdownTitleSchema,
  type MarkdownEditBody,
} from '@scrutineer/contracts';
import type { Database } from '../../platform/db/database.js';
import { recordEvent } from '../../platform/db/events.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { UserRow } from '../users/index.js';
import type { MarkdownUpload } from './markdown.multipart.js';
import {
  deleteMarkdown,
  findMarkdown,
  findMarkdownByType,
  insertMarkdown,
  updateMarkdown,
  type MarkdownRow,
} from './markdown.repository.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Checks a form field with its contract schema, answering as a JSON body would. */
function field<T>(name: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw badRequest(`${name}: ${result.error.issues[0]?.message ?? 'Invalid value.'}`);
  }
  return result.data;
}

function readText(content: Buffer): string {
  try {
    return utf8.decode(content);
  } catch {
    throw badRequest(ADMIN_MESSAGES.markdownNotText);
  }
}

/**
 * Saves the uploaded .md files under one title and file type. A file type holds one file, so
 * a second file of a type that exists (or twice in one upload) is refused whole.
 */
export async function uploadMarkdown(
  db: Database,
  actor: UserRow,
  form: MarkdownUpload,
): Promise<MarkdownRow[]> {
  const title = field('title', markdownTitleSchema, form.fields.title ?? '');
  const fileType = field(
    'file_type',
    markdownFileTypeSchema,
    form.fields.file_type?.trim() || MARKDOWN_LIMITS.homeFileType,
  );
  if (form.files.length === 0) throw badRequest(ADMIN_MESSAGES.markdownNoFile);
  const files = form.files.map((file) => {
    if (!file.fileName.toLowerCase().endsWith(MARKDOWN_LIMITS.extension)) {
      throw badRequest(ADMIN_MESSAGES.markdownOnly);
    }
    return { fileName: file.fileName, size: file.content.length, text: readText(file.content) };
  });
  if (files.length > 1 || (await findMarkdownByType(db, fileType))) {
    throw conflict(ADMIN_MESSAGES.fileTypeExists);
  }
  try {
    return await db.transaction(async (tx) => {
      const saved: MarkdownRow[] = [];
      for (const file of files) {
        const row = await insertMarkdown(tx, {
          title,
          fileName: file.fileName,
          fileType,
          size: file.size,
          content: file.text,
          uploadedBy: actor.id,
        });
        await recordEvent(tx, {
          actorId: actor.id,
          subjectType: 'markdown',
          subjectId: row.id,
          action: 'upload',
          data: { title, file_name: file.fileName, file_type: fileType },
        });
        saved.push(row);
      }
      return saved;
    });
  } catch (error) {
    // Two uploads of one type at the same moment: the unique index keeps one.
    if (isUniqueViolation(error)) throw conflict(ADMIN_MESSAGES.fileTypeExists);
    throw error;
  }
}

export async function getMarkdown(db: Database, id: number): Promise<MarkdownRow> {
  const row = await findMarkdown(db, id);
  if (!row) throw notFound();
  return row;
}

export async function editMarkdown(
  db: Database,
  actor: UserRow,
  id: number,
  body: MarkdownEditBody,
): Promise<MarkdownRow> {
  await getMarkdown(db, id);
  return db.transaction(async (tx) => {
    const row = await updateMarkdown(tx, id, {
      title: body.title,
      content: body.markdown_content,
      size: Buffer.byteLength(body.markdown_content, 'utf8'),
    });
    if (!row) throw notFound();
    await recordEvent(tx, {
      actorId: actor.id,
      subjectType: 'markdown',
      subjectId: id,
      action: 'update',
      data: { title: body.title },
    });
    return row;
  });
}

export async function removeMarkdown(db: Database, actor: UserRow, id: number): Promise<void> {
  const row = await getMarkdown(db, id);
  await db.transaction(async (tx) => {
    await deleteMarkdown(tx, id);
    await recordEvent(tx, {
      actorId: actor.id,
      subjectType: 'markdown',
      subjectId: id,
      action: 'delete',
      data: { title: row.title, file_type: row.fileType },
    });
  });
}

/** The Home board's page, and a version that changes with every change to it. */
export async function readHomeMarkdown(db: Database) {
  const row = await findMarkdownByType(db, MARKDOWN_LIMITS.homeFileType);
  return {
    text_msg: row?.content ?? '',
    title: row?.title ?? '',
    version: row ? `${row.id}-${row.lastModified.getTime()}` : 'none',
  };
}
