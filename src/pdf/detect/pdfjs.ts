// The detector opens documents through the engine's one pdf.js opener (../pdfjs.ts), so it reads
// CID fonts with their CMaps (CJK labels) and keeps its page count apart from other documents open
// at the same time; only the error type is the detector's own.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openPdf as openShared } from '../pdfjs.ts';
import type { PdfDocument } from '../document.ts';

export type { PDFDocumentProxy };

/** The one error detectFields throws: the bytes are not a PDF we can open. */
export class PdfReadError extends Error {
  readonly code = 'pdf_unreadable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfReadError';
  }
}

/** The pdf.js document of `pdf`: opened here from bytes, or the one an opened PdfDocument holds. */
export async function openPdf(pdf: Uint8Array | PdfDocument): Promise<PDFDocumentProxy> {
  try {
    return await (pdf instanceof Uint8Array ? openShared(pdf) : pdf.pdfjs());
  } catch (err) {
    throw new PdfReadError(`not a readable PDF: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}
