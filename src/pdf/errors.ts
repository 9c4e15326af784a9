// What can be said of a file before pdf.js reads it, and the error a PDF that cannot be read
// raises. Kept apart from pdfjs.ts so that the HTTP process, which only names these, does not load
// pdf.js (tens of megabytes of code and its worker) to do it.

export type PdfErrorCode = 'not_a_pdf' | 'unreadable_pdf' | 'encrypted_pdf';

export class PdfError extends Error {
  constructor(
    readonly code: PdfErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A PDF starts with %PDF- within its first kilobyte (some producers put junk before it). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  return head.includes('%PDF-');
}
