// POST /pay/read (§4.9): every AcroForm field of a PDF with its label, type, page and value
// (checkboxes as true/false); nothing is stored. Read in the request pool (workers/offload.ts).
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { checkboxIsOn } from '../../pdf/types.ts';
import { readFilled } from '../../workers/offload.ts';

/** `bytes`: the upload the pay door admitted (its limits already checked). */
export async function readPdfFields(ctx: AppContext, bytes: Uint8Array) {
  const pdf = await readFilled(ctx, bytes, { bounds: false });
  if (pdf.fields.length === 0) throw new DomainError('unprocessable', 'no_form_fields', 'The PDF has no form fields to read.');
  return pdf.fields.map((f) => ({ name: f.name, label: f.label, type: f.type, page: f.page, value: f.type === 'checkbox' ? checkboxIsOn(f.value) : f.value }));
}
