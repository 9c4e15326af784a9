// A PDF's structure at a glance: pages, sizes, rotation, encryption, form fields, annotations.
// Read from the object tree (pdf-lib), not by interpreting pages: fast on big forms.
import { PDFDict, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { openPdf, PdfError, looksLikePdf } from './pdfjs.ts';
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

/** What an upload needs to be admitted: page count and title. Throws PdfError when unreadable. */
export async function pdfSummary(bytes: Uint8Array): Promise<{ page_count: number; title: string | null }> {
  const doc = await openPdf(bytes);
  try {
    const meta = await doc.getMetadata().catch(() => undefined);
    const info = (meta?.info ?? {}) as { Title?: unknown };
    const title = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
    return { page_count: doc.numPages, title };
  } finally {
    await doc.destroy();
  }
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  if (!looksLikePdf(bytes)) throw new PdfError('not_a_pdf', 'The file is not a PDF (no %PDF- header).');
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { password: '', updateMetadata: false });
  } catch {
    // pdf-lib is stricter than pdf.js about odd files: let pdf.js say whether it is readable.
    const { page_count, title } = await pdfSummary(bytes);
    return { page_count, pages: [], encrypted: isEncrypted(bytes), title, form_fields: 0 };
  }
  const pages = doc.getPages().map((page, index) => {
    const { width, height } = page.getSize();
    const annots = page.node.Annots();
    let annotations = 0;
    let widgets = 0;
    for (let i = 0; i < (annots?.size() ?? 0); i++) {
      const a = annots!.get(i);
      const dict = a instanceof PDFRef ? doc.context.lookupMaybe(a, PDFDict) : a instanceof PDFDict ? a : undefined;
      if (!dict) continue;
      if (dict.get(PDFName.of('Subtype')) === PDFName.of('Widget')) widgets++;
      else annotations++;
    }
    return { index, width, height, rotate: ((page.getRotation().angle % 360) + 360) % 360, annotations, widgets };
  });
  const title = doc.getTitle()?.trim() || null;
  return { page_count: pages.length, pages, encrypted: isEncrypted(bytes), title, form_fields: pages.reduce((n, p) => n + p.widgets, 0) };
}

