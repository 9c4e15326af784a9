// Reads an existing AcroForm into contract fields: a PDF that is already fillable needs no
// detection, its widgets say where the fields are.
//
// Two readers, one result: the lazy object reader (./acroform/object-reader.ts) parses only the
// cross-reference data and the form's own dictionaries, which is an order of magnitude cheaper
// than pdf.js's per-page annotation pass; pdf.js (./acroform/pdfjs-reader.ts) stays as the
// fallback for anything the lazy reader does not understand (damaged cross-references, unusual
// filters or encryption), so every file pdf.js could read still reads, with the same errors.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openPdf } from './pdfjs.ts';
import { looksLikePdf, PdfError } from './errors.ts';
import { asPdfError } from './guard.ts';
import { assembleFields, radioButtonsOn, type AcroFormField } from './acroform/fields.ts';
import { readWidgetsFromObjects } from './acroform/object-reader.ts';
import { readAcroFormWithPdfjs } from './acroform/pdfjs-reader.ts';

export { labelFromFieldName, type AcroFormField, type WidgetPlacement } from './acroform/fields.ts';
export { readAcroFormWithPdfjs } from './acroform/pdfjs-reader.ts';

export interface AcroFormRead {
  page_count: number;
  /** Fields in reading order (empty when the PDF has no form). */
  fields: AcroFormField[];
  /** Which reader produced the result: `objects` (the fast path) or `pdfjs` (the fallback). */
  reader: 'objects' | 'pdfjs';
  /** Why the fast path gave up, when it did. */
  fallback_reason?: string;
  /** Buttons drawn on per radio group, by field name; only the fast path sees widget states. */
  radio_buttons_on?: Map<string, number>;
}

/**
 * Reads the form fields and page count of a PDF. Throws PdfError (`not_a_pdf`, `unreadable_pdf`,
 * `encrypted_pdf`) exactly as openPdf does. `pdfjs` lends the fallback a pdf.js document already
 * open (an opened PdfDocument's, src/pdf/document.ts), which then stays open; without it the
 * fallback opens and closes its own.
 */
export async function readAcroForm(bytes: Uint8Array, pdfjs?: () => Promise<PDFDocumentProxy>): Promise<AcroFormRead> {
  if (!looksLikePdf(bytes)) throw new PdfError('not_a_pdf', 'The file is not a PDF (no %PDF- header).');
  let reason: string;
  try {
    const { pageCount, widgets } = readWidgetsFromObjects(bytes);
    return { page_count: pageCount, fields: assembleFields(widgets), reader: 'objects', radio_buttons_on: radioButtonsOn(widgets) };
  } catch (err) {
    // Includes a password other than the empty one: pdf.js then reports `encrypted_pdf`.
    reason = (err as Error).message ?? String(err);
  }
  const doc = await (pdfjs ?? (() => openPdf(bytes)))();
  try {
    return { page_count: doc.numPages, fields: await readAcroFormWithPdfjs(doc), reader: 'pdfjs', fallback_reason: reason };
  } catch (err) {
    // pdf.js opens a damaged file and fails later, on a page or a field, with untyped errors.
    throw asPdfError(err);
  } finally {
    if (!pdfjs) await doc.destroy();
  }
}
