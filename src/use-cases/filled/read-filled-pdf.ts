// POST /read (§4.7): the values out of a filled PDF. Alone, every AcroForm field with its label
// and value; with a form, the values mapped to the contract's field ids with a verdict (a
// flattened copy is read from the text inside each field's rect). Bills one read.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import { missingFields, verifyValues } from '../../domain/verification.ts';
import { assertBillable } from '../../billing/allowance.ts';
import { checkboxIsOn } from '../../pdf/types.ts';
import { readFilled } from '../../workers/offload.ts';
import { contractOf, readyForm } from '../../store/forms.ts';
import { recordUsage } from '../../store/usage.ts';

export interface ReadField {
  field_id: number | null;
  name: string;
  label: string;
  type: string;
  page: number;
  value: string | boolean | null;
}

export async function readFilledPdf(ctx: AppContext, ownerId: string, file: UploadedDocument, formId?: string) {
  await assertBillable(ctx, ownerId, 'read');
  // Read in the request pool (workers/offload.ts): the fields, and with a form each contract field's value.
  const contract = formId ? contractOf(await readyForm(ctx, ownerId, formId)) : undefined;
  const pdf = await readFilled(ctx, file.bytes, { contract, bounds: true });
  const subjectId = randomUUID();
  if (!contract) {
    if (pdf.fields.length === 0) throw new DomainError('unprocessable', 'no_form_fields', 'The PDF has no form fields. To read a flattened PDF, pass the form_id of its form.');
    await recordUsage(ctx.db, { ownerId, kind: 'read', subjectId });
    const fields: ReadField[] = pdf.fields.map((f) => ({ field_id: null, name: f.name, label: f.label, type: f.type, page: f.page, value: f.type === 'checkbox' ? checkboxIsOn(f.value) : f.value }));
    return { form_id: null, source: 'fields' as const, fields };
  }
  if (pdf.fields.length > 0 && missingFields(contract, pdf.fields).length === contract.fields.length) {
    throw new DomainError('invalid', 'form_mismatch', 'None of the PDF’s fields belong to this form.');
  }
  const values = pdf.values!;
  const source = pdf.source!;
  const report = verifyValues(contract, values, pdf.radios!);
  await recordUsage(ctx.db, { ownerId, kind: 'read', subjectId });
  const fields: ReadField[] = contract.fields.map((f, i) => ({
    field_id: f.id,
    name: f.name,
    label: f.label,
    type: f.type,
    page: f.page,
    value: f.type === 'checkbox' ? (source === 'fields' ? checkboxIsOn(values[i]) : values[i] !== null) : values[i],
  }));
  return { form_id: formId, source, fields, result: report.result, verification: report };
}
