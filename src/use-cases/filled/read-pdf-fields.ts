// POST /pay/read (§4.9): every AcroForm field of a PDF with its label, type, page and value
// (checkboxes as true/false); nothing is stored.
import { DomainError } from '../../domain/errors.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import { readPdfValues, checkboxIsOn } from '../../pdf/read.ts';
import { readingPdf } from '../../pdf/guard.ts';

export async function readPdfFields(file: UploadedDocument) {
  const pdf = await readingPdf(() => readPdfValues(file.bytes));
  if (pdf.fields.length === 0) throw new DomainError('unprocessable', 'no_form_fields', 'The PDF has no form fields to read.');
  return pdf.fields.map((f) => ({ name: f.name, label: f.label, type: f.type, page: f.page, value: f.type === 'checkbox' ? checkboxIsOn(f.value) : f.value }));
}
