// A PDF's structure at a glance: pages, sizes, rotation, encryption, form fields, annotations.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openPdf } from './pdfjs.ts';
import type { PageInfo } from './types.ts';

export interface PdfInspection {
  page_count: number;
  pages: (PageInfo & { annotations: number; widgets: number })[];
  encrypted: boolean;
  title: string | null;
  form_fields: number;
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  const doc = await openPdf(bytes);
  try {
    return { ...(await inspectDocument(doc)), encrypted: isEncrypted(bytes) };
  } finally {
    await doc.destroy();
  }
}

export async function inspectDocument(doc: PDFDocumentProxy): Promise<PdfInspection> {
  const pages: PdfInspection['pages'] = [];
  let widgets = 0;
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [x1, y1, x2, y2] = page.view;
    const annots = await page.getAnnotations({ intent: 'any' });
    const pageWidgets = annots.filter((a) => a.subtype === 'Widget').length;
    widgets += pageWidgets;
    pages.push({ index: i - 1, width: x2 - x1, height: y2 - y1, rotate: page.rotate, annotations: annots.length - pageWidgets, widgets: pageWidgets });
    page.cleanup();
  }
  const meta = await doc.getMetadata().catch(() => undefined);
  const info = (meta?.info ?? {}) as { Title?: unknown };
  const title = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
  return { page_count: doc.numPages, pages, encrypted: false, title, form_fields: widgets };
}

/** True when the file declares an /Encrypt dictionary (pdf.js decrypts silently, so ask the bytes). */
export function isEncrypted(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes('/Encrypt');
}
