// POST /pay/read (§4.9): every AcroForm field of a PDF with its label, type, page and value
// (checkboxes as true/false); nothing is stored.
import { DomainError } from '../../domain/errors.ts';
import type { PdfDocument } from '../../pdf/document.ts';
import { readPdfValues, checkboxIsOn } from '../../pdf/read.ts';
import { readingPdf } from '../../pdf/guard.ts';

/** `opened`: the upload as the pay door opened it to price it (read once per request). */
export async function readPdfFields(opened: PdfDocument) {
  const pdf = await readingPdf(() => readPdfValues(opened));
  if (pdf.fields.length === 0) throw new DomainError('unprocessable', 'no_form_fields', 'The PDF has no form fields to read.');
  return pdf.fields.map((f) => ({ name: f.name, label: f.label, type: f.type, page: f.page, value: f.type === 'checkbox' ? checkboxIsOn(f.value) : f.value }));
}
