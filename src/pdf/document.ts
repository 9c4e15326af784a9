// An uploaded PDF opened for reading, once per request: whatever a request asks of it (page count,
// title, the form's fields and widget states, the pages' text), each reader runs at most once, on
// first need, and lends what it parsed to the next. Encrypted files read when their user password
// is empty; any other password is PdfError('encrypted_pdf'), from whichever reader meets it first.
//
//   acroForm()    the form: the lazy object reader (./acroform.ts), whose fallback borrows pdfjs()
//   pdfjs()       the pdf.js document: page count, metadata, page text, detection
//   rawPage(i)    a page's text and drawing operators as the label engine reads them (the first
//                 page serves both the captions of its fields and the printed title)
//
// "Fillable" is defined here, once, for pricing, contracts and the doors: the form reader finds at
// least one field a value can be written to. The holder closes the document (close(), or withPdf).
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readAcroForm, type AcroFormRead } from './acroform.ts';
import { openPdf } from './pdfjs.ts';
import type { RawPage } from './detect/page-model.ts';
import { radioButtonsOn } from './widget-states.ts';

/**
 * The one definition of a fillable PDF: its form has a field a value can be written to (push
 * buttons and nameless widgets do not count). A flat PDF is made fillable first, and priced so.
 */
export function hasFillableFields(read: AcroFormRead): boolean {
  return read.fields.length > 0;
}

export class PdfDocument {
  private doc?: Promise<PDFDocumentProxy>;
  private form?: Promise<AcroFormRead>;
  private firstPage?: Promise<RawPage>;

  constructor(readonly bytes: Uint8Array) {}

  /** The pdf.js document, opened on first use. Throws PdfError as openPdf does. */
  pdfjs(): Promise<PDFDocumentProxy> {
    this.doc ??= openPdf(this.bytes);
    return this.doc;
  }

  /** Pages as pdf.js counts them (what admission checks, pricing charges and contracts state). */
  async pageCount(): Promise<number> {
    return (await this.pdfjs()).numPages;
  }

  /** The title in the document information, or null. Throws PdfError when pdf.js cannot open it. */
  async metadataTitle(): Promise<string | null> {
    const meta = await (await this.pdfjs()).getMetadata().catch(() => undefined);
    const info = (meta?.info ?? {}) as { Title?: unknown };
    return typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
  }

  /** What an upload needs to be admitted: page count and title. Throws PdfError when unreadable. */
  async summary(): Promise<{ page_count: number; title: string | null }> {
    return { page_count: await this.pageCount(), title: await this.metadataTitle() };
  }

  /** The form's fields (empty without a form). Throws PdfError as readAcroForm does. */
  acroForm(): Promise<AcroFormRead> {
    this.form ??= readAcroForm(this.bytes, () => this.pdfjs());
    return this.form;
  }

  /** Whether the PDF is fillable (hasFillableFields); a form that cannot be read is not. */
  async fillable(): Promise<boolean> {
    return this.acroForm().then(hasFillableFields, () => false);
  }

  /** Buttons drawn on per radio group, by field name (empty when the form cannot be read). */
  async radioButtonsOn(): Promise<Map<string, number>> {
    return radioButtonsOn(await this.acroForm(), this.bytes);
  }

  /**
   * Page `index` (zero-based) as the label engine reads it. The first page is kept once read: the
   * captions of its fields and the form's printed title both come from it. Other pages are read
   * afresh on each call, so a hundred-page form does not hold every page's operators at once.
   */
  rawPage(index: number): Promise<RawPage> {
    if (index !== 0) return this.readRawPage(index);
    this.firstPage ??= this.readRawPage(0);
    return this.firstPage;
  }

  private async readRawPage(index: number): Promise<RawPage> {
    // The page-model module belongs to the detection stack: loaded only by the readers that use it.
    const { readRawPage } = await import('./detect/page-model.ts');
    const page = await (await this.pdfjs()).getPage(index + 1);
    try {
      return await readRawPage(page, index);
    } finally {
      page.cleanup();
    }
  }

  /** Releases pdf.js's document (and worker-side state); the other readers hold plain objects. */
  async close(): Promise<void> {
    const doc = this.doc;
    this.doc = undefined;
    this.firstPage = undefined;
    if (doc) await doc.then((d) => d.destroy(), () => undefined).catch(() => undefined);
  }
}

/** Opens `bytes` for the length of `fn`. */
export async function withPdf<T>(bytes: Uint8Array, fn: (pdf: PdfDocument) => Promise<T>): Promise<T> {
  const pdf = new PdfDocument(bytes);
  try {
    return await fn(pdf);
  } finally {
    await pdf.close();
  }
}

/** Page count and metadata title of `bytes` (a supporting document, an upload admitted on its own). */
export function pdfSummary(bytes: Uint8Array): Promise<{ page_count: number; title: string | null }> {
  return withPdf(bytes, (pdf) => pdf.summary());
}
