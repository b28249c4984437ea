import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.js';

export interface UploadedPart {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedPart[];
}

/** Reads a multipart form into fields and file buffers, turning the plugin's limits into clear 400s. */
export async function readMultipart(
  request: FastifyRequest,
  limits: { fileSize: number; files: number },
  messages: { tooLarge: string; tooMany: string },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('The request must be multipart/form-data.');
  const form: MultipartForm = { fields: {}, files: [] };
  try {
    for await (const part of request.parts({ limits: { ...limits, fields: 20 } })) {
      if (part.type === 'file') {
        form.files.push({
          fileName: part.filename,
          contentType: part.mimetype,
          content: await part.toBuffer(),
        });
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(messages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(messages.tooMany);
    throw error;
  }
  return form;
}
