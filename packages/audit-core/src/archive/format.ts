/** Page image formats found in ballot image archives. */
export type PageFormat = 'tiff' | 'png' | 'jpeg' | 'pdf';

/** Names the format from the first bytes, whatever the entry's name says. */
export function sniffFormat(bytes: Uint8Array): PageFormat | undefined {
  const b = bytes;
  if (b.length < 4) return undefined;
  if (
    (b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0x00) ||
    (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && b[3] === 0x2a)
  )
    return 'tiff';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46) return 'pdf';
  return undefined;
}

const IMAGE_NAME = /\.(tiff?|png|jpe?g|pdf)$/i;

/** True when the entry's name says it should be a page image. */
export function namedLikeImage(name: string): boolean {
  return IMAGE_NAME.test(name);
}

/** The first bytes, printable, for a problem line. */
export function describeHead(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 8));
  return head.length === 0 ? 'it is empty' : `it starts with bytes ${head.toString('hex')}`;
}
