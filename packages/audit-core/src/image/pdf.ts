import { PDFiumLibrary } from '@hyzyla/pdfium';
import type { GreyImage } from './grey.js';

/** Resolution PDF pages are rendered at unless told otherwise: that of most ballot scans. */
export const DEFAULT_PDF_DPI = 200;

type Library = Awaited<ReturnType<typeof PDFiumLibrary.init>>;

let library: Promise<Library> | undefined;

/** The PDFium WebAssembly renderer, loaded once per process on first use. */
function pdfium(): Promise<Library> {
  library ??= PDFiumLibrary.init();
  return library;
}

/** True when the bytes start like a PDF. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;
}

/** An opened PDF whose pages can be rendered one at a time; `close` frees its memory. */
export interface PdfPages {
  count: number;
  render(page: number, dpi?: number): Promise<GreyImage>;
  close(): void;
}

/** Opens a PDF (as ES&S writes ballot images) for rendering to greyscale. */
export async function openPdf(bytes: Uint8Array): Promise<PdfPages> {
  const document = await (await pdfium()).loadDocument(bytes);
  const count = document.getPageCount();
  return {
    count,
    async render(page, dpi = DEFAULT_PDF_DPI) {
      if (page < 0 || page >= count)
        throw new Error(`page ${page} is not in this ${count}-page PDF`);
      const rendered = await document
        .getPage(page)
        .render({ scale: dpi / 72, colorSpace: 'Gray', render: 'bitmap' });
      return { width: rendered.width, height: rendered.height, data: rendered.data };
    },
    close: () => document.destroy(),
  };
}

/** Renders one page of a PDF to greyscale. */
export async function renderPdfPage(
  bytes: Uint8Array,
  page = 0,
  dpi = DEFAULT_PDF_DPI,
): Promise<GreyImage> {
  const pdf = await openPdf(bytes);
  try {
    return await pdf.render(page, dpi);
  } finally {
    pdf.close();
  }
}
