import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';

/**
 * A page served from a user-file path runs nothing and reaches nothing: the sandbox gives it
 * an opaque origin, so even a browser that rendered it could not read the app's tokens.
 */
export const USER_FILE_CSP = "default-src 'none'; sandbox";

/** Reports the pipeline writes (HTML with inline styles and image crops) keep their looks. */
export const REPORT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox";

/** Types a browser shows without running anything; any other stored type goes out as bytes. */
const PASSIVE_TYPE =
  /^(image\/(png|jpeg|gif|webp|tiff|bmp)|audio\/[\w.+-]+|video\/[\w.+-]+|text\/(plain|csv)|application\/(pdf|msword|zip|json|octet-stream|x-cfb|vnd\.openxmlformats-officedocument\.[\w.]+))(;.*)?$/i;

/** The type a user file is served with: its stored type when passive, else plain bytes. */
export const servedType = (contentType: string) =>
  PASSIVE_TYPE.test(contentType) ? contentType : 'application/octet-stream';

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\w.-]/g, '_') || 'file';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Headers for a file a user put in: a download, of a type checked when it was stored, that no
 * browser may sniff into a page, with a sandbox CSP in case one is opened anyway.
 */
export function sendAsDownload(
  reply: FastifyReply,
  file: { name: string; contentType: string; size: number },
): FastifyReply {
  return reply
    .header('content-type', servedType(file.contentType))
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', USER_FILE_CSP)
    .header('cross-origin-resource-policy', 'same-origin');
}

/** Containers that carry recorded audio; the sniffer names them by their video type. */
const AUDIO_CONTAINERS: Record<string, string> = {
  'video/webm': 'audio/webm',
  'video/ogg': 'audio/ogg',
  'application/ogg': 'audio/ogg',
  'video/mp4': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
};

/**
 * The type of a file from its first bytes (magic numbers), never from its name or the type the
 * sender claimed; `undefined` when the bytes match no known binary format (text, HTML, SVG).
 * A file the sender called audio keeps an audio type when its container carries audio.
 */
export async function sniffContentType(
  content: Uint8Array,
  claimed = '',
): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(content);
  if (!found) return undefined;
  if (claimed.startsWith('audio/')) return AUDIO_CONTAINERS[found.mime] ?? found.mime;
  return found.mime;
}
