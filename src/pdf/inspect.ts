// A PDF's structure at a glance: pages, sizes, rotation, encryption, form fields, annotations.
// Read from the object tree, on demand through the cross-reference table (tools/reader.ts): only
// the page tree, the annotations and the document information are parsed, not the pages' content.
// pdf.js is loaded only when needed (a file our reader cannot open), which keeps
// it out of the page-tool worker threads' start-up.
import type { PDFObject } from '@cantoo/pdf-lib';
import { PDFDict, PDFHexString, PDFName, PDFRef, PDFString } from '@cantoo/pdf-lib';
import { PdfReader, hasPdfHeader } from './tools/reader.ts';
import { PdfTooComplexError } from './tools/lexer.ts';
import { PdfError } from './errors.ts';
import { annotations, mediaBox, pageRotation, pageTree } from './tools/pages.ts';
import type { PageInfo } from './types.ts';

export interface PdfInspection {
  page_count: number;
  pages: (PageInfo & { annotations: number; widgets: number })[];
  encrypted: boolean;
  title: string | null;
  /** Number of widget annotations (places a value can be entered). */
  form_fields: number;
}

/** True when the file declares an /Encrypt dictionary (readers decrypt silently, so ask the bytes). */
export function isEncrypted(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes('/Encrypt');
}

const N = (s: string) => PDFName.of(s);

export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  if (!hasPdfHeader(bytes)) {
    throw new PdfError('not_a_pdf', 'The file is not a PDF (no %PDF- header).');
  }
  let report: PdfInspection | undefined;
  try {
    report = inspect(await PdfReader.open(bytes));
  } catch (err) {
    if (err instanceof PdfTooComplexError) {
      throw new PdfError('unreadable_pdf', `The PDF is too complex to inspect (${err.message}).`);
    }
    // A file the on-demand reader finds inconsistent: the full (repairing) parse decides.
    try {
      report = inspect(await PdfReader.openFull(bytes));
    } catch {
      report = undefined;
    }
  }
  if (report) return report;
  // pdf-lib is stricter than pdf.js about odd files: let pdf.js say whether it is readable.
  const { pdfSummary } = await import('./document.ts');
  const { page_count, title } = await pdfSummary(bytes);
  return { page_count, pages: [], encrypted: isEncrypted(bytes), title, form_fields: 0 };
}

function inspect(r: PdfReader): PdfInspection | undefined {
  const tree = pageTree(r);
  if (tree.pages.length === 0) return undefined;
  const pages = tree.pages.map((page, index) => {
    const [x1, y1, x2, y2] = mediaBox(r, page);
    let annotationCount = 0;
    let widgets = 0;
    for (const a of annotations(r, page)) {
      const dict = a instanceof PDFRef ? r.dict(a) : a instanceof PDFDict ? a : undefined;
      if (!dict) continue;
      if (dict.get(N('Subtype')) === N('Widget')) widgets++;
      else annotationCount++;
    }
    // Width and height as pdf-lib reports them (MediaBox upper minus lower corner).
    return { index, width: x2 - x1, height: y2 - y1, rotate: pageRotation(r, page), annotations: annotationCount, widgets };
  });
  // The trailer says whether the file is encrypted (scanning megabytes for "/Encrypt" is not needed).
  const encrypted = r.encrypted || Boolean(r.trailer.encrypt);
  return { page_count: pages.length, pages, encrypted, title: title(r), form_fields: pages.reduce((n, p) => n + p.widgets, 0) };
}

function title(r: PdfReader): string | null {
  const t: PDFObject | undefined = r.resolve(r.dict(r.trailer.info)?.get(N('Title')));
  const text = t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : undefined;
  return text?.trim() || null;
}
