// Opening PDFs with pdf.js, the reader the whole engine shares. Maps pdf.js's failures to
// typed errors the HTTP layer turns into clear 400s. The engine imports pdf.js through this
// module only: it loads pdf.js between keeping and restoring the built-ins pdf.js replaces.
import { restoreBuiltins } from './builtins.ts';
import { looksLikePdf, PdfError } from './errors.ts';
import { getDocument, OPS, PagesMapper, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
// pdf.js parses in this thread (a "fake worker"). Loaded here, the worker's code registers itself
// (globalThis.pdfjsWorker) instead of being imported at the first getDocument, where its own
// polyfills would replace the built-ins again after restoreBuiltins.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

restoreBuiltins();

export { OPS };

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const STANDARD_FONTS = join(pdfjsRoot, 'standard_fonts') + '/';
const CMAPS = join(pdfjsRoot, 'cmaps') + '/';

/**
 * Opens a PDF. Encrypted files open when their user password is empty (as most "protected"
 * forms do); any other password is refused with `encrypted_pdf`.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  if (!looksLikePdf(bytes)) throw new PdfError('not_a_pdf', 'The file is not a PDF (no %PDF- header).');
  // pdf.js takes ownership of (and may detach) the buffer it is given, and refuses Node Buffers:
  // hand it a plain Uint8Array copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    password: '',
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    stopAtErrors: false,
  });
  try {
    return withOwnPageCount(await task.promise);
  } catch (err) {
    await task.destroy().catch(() => undefined);
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new PdfError('encrypted_pdf', 'The PDF is encrypted with a password; upload it without the password protection.');
    }
    throw new PdfError('unreadable_pdf', `The PDF could not be read: ${(err as Error).message ?? 'unknown error'}.`);
  }
}

/**
 * pdf.js 5.4 keeps one page count for the whole process (PagesMapper, meant for the one document
 * of a viewer) and checks getPage() against it: with two documents open at once, the latest one
 * opened decides which page numbers are valid for both. Setting the count to this document's own
 * right before each getPage() call keeps concurrent documents apart; the check is synchronous.
 */
function withOwnPageCount(doc: PDFDocumentProxy): PDFDocumentProxy {
  const getPage = doc.getPage.bind(doc);
  doc.getPage = (pageNumber: number) => {
    (PagesMapper as unknown as { instance: { pagesNumber: number } }).instance.pagesNumber = doc.numPages;
    return getPage(pageNumber);
  };
  return doc;
}
