import type { FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, MARKDOWN_LIMITS } from '@scrutineer/contracts';
import { badRequest } from '../../platform/errors.js';

export interface MarkdownUpload {
  fields: Record<string, string>;
  files: { fileName: string; content: Buffer }[];
}

/** Reads the upload form, turning the plugin's limits into the spec's messages. */
export async function readMarkdownForm(request: FastifyRequest): Promise<MarkdownUpload> {
  if (!request.isMultipart()) throw badRequest('The request must be multipart/form-data.');
  const form: MarkdownUpload = { fields: {}, files: [] };
  try {
    const parts = request.parts({
      limits: { fileSize: MARKDOWN_LIMITS.maxBytes, files: MARKDOWN_LIMITS.maxFiles, fields: 10 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        form.files.push({ fileName: part.filename, content });
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(ADMIN_MESSAGES.markdownTooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(ADMIN_MESSAGES.markdownTooMany);
    throw error;
  }
  return form;
}
