// Reading a filled PDF back (POST /read) and verifying it against its form (POST /forms/{id}/verify).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { DomainError } from './errors.ts';
import { requireReadyForm } from './forms.ts';
import type { Contract, ContractField } from './contracts.ts';
import { recordUsage } from './usage.ts';
import { assertBillable } from '../billing/allowance.ts';
import { readPdfValues, readTextInRects, checkboxIsOn } from '../pdf/read.ts';
import { withPdf, type PdfDocument } from '../pdf/document.ts';
import { verify, type VerificationReport, type VerifyInput } from '../pdf/verify.ts';
import type { AcroFormField } from '../pdf/acroform.ts';
import type { UploadedFile } from '../http/upload.ts';
import { readingPdf } from '../pdf/guard.ts';
import { checkPdfBounds } from './pdf-limits.ts';

export interface ReadField {
  field_id: number | null;
  name: string;
  label: string;
  type: string;
  page: number;
  value: string | boolean | null;
}

/** The value as a client reads it: checkboxes as booleans, everything else as text or null. */
function readValue(type: string, value: string | null): string | boolean | null {
  if (type === 'checkbox') return checkboxIsOn(value);
  return value;
}

function matchContract(contract: Contract, pdfFields: AcroFormField[]) {
  const byName = new Map(pdfFields.map((f) => [f.name, f]));
  const missing = contract.fields.filter((f) => !byName.has(f.name));
  return { byName, missing };
}

/** Values from the PDF per contract field; for a flattened copy, the text inside each field's rect. */
async function valuesForContract(pdf: PdfDocument, contract: Contract, pdfFields: AcroFormField[]): Promise<{ values: (string | null)[]; source: 'fields' | 'page_text' }> {
  if (pdfFields.length === 0) {
    const text = await readingPdf(() => readTextInRects(pdf, contract.fields.map((f) => ({ page: f.page, rect: f.rect }))));
    // A comb prints one glyph per cell; the gaps between cells are not part of the value.
    const values = text.map((t, i) => (contract.fields[i].comb ? t.replace(/\s+/g, '') : t));
    return { values: values.map((t) => (t === '' ? null : t)), source: 'page_text' };
  }
  const byName = new Map(pdfFields.map((f) => [f.name, f]));
  return { values: contract.fields.map((f) => byName.get(f.name)?.value ?? null), source: 'fields' };
}

function verifyInputs(contract: Contract, values: (string | null)[], radios: Map<string, number>): VerifyInput[] {
  return contract.fields.map((f, i) => ({ field: f as ContractField & { type: VerifyInput['field']['type'] }, value: values[i], buttonsOn: radios.get(f.name) }));
}

export async function readFilledPdf(ctx: AppContext, ownerId: string, file: UploadedFile, formId?: string) {
  await assertBillable(ctx, ownerId, 'read');
  return withPdf(file.bytes, (opened) => readOpenedPdf(ctx, ownerId, opened, formId));
}

async function readOpenedPdf(ctx: AppContext, ownerId: string, opened: PdfDocument, formId?: string) {
  const pdf = await readingPdf(() => readPdfValues(opened));
  await checkPdfBounds(opened.bytes); // before page text is read from it
  const subjectId = randomUUID();
  if (!formId) {
    if (pdf.fields.length === 0) throw new DomainError('unprocessable', 'no_form_fields', 'The PDF has no form fields. To read a flattened PDF, pass the form_id of its form.');
    await recordUsage(ctx.db, { ownerId, kind: 'read', subjectId });
    const fields: ReadField[] = pdf.fields.map((f) => ({ field_id: null, name: f.name, label: f.label, type: f.type, page: f.page, value: readValue(f.type, f.value) }));
    return { form_id: null, source: 'fields' as const, fields };
  }
  const form = await requireReadyForm(ctx, ownerId, formId);
  const contract = form.contract as unknown as Contract;
  if (pdf.fields.length > 0 && matchContract(contract, pdf.fields).missing.length === contract.fields.length) {
    throw new DomainError('invalid', 'form_mismatch', 'None of the PDF’s fields belong to this form.');
  }
  const { values, source } = await valuesForContract(opened, contract, pdf.fields);
  const report = verify(verifyInputs(contract, values, source === 'fields' ? await opened.radioButtonsOn() : new Map()));
  await recordUsage(ctx.db, { ownerId, kind: 'read', subjectId });
  const fields: ReadField[] = contract.fields.map((f, i) => ({
    field_id: f.id,
    name: f.name,
    label: f.label,
    type: f.type,
    page: f.page,
    value: f.type === 'checkbox' ? (source === 'fields' ? checkboxIsOn(values[i]) : values[i] !== null) : values[i],
  }));
  return { form_id: form.id, source, fields, result: report.result, verification: report };
}

export async function verifyFilledPdf(ctx: AppContext, ownerId: string, formId: string, file: UploadedFile): Promise<VerificationReport> {
  const form = await requireReadyForm(ctx, ownerId, formId);
  // Over the free allowance, or a form over the free tier's page cap, without a payment method: 402.
  await assertBillable(ctx, ownerId, 'verify', form.pageCount);
  const contract = form.contract as unknown as Contract;
  return withPdf(file.bytes, (opened) => verifyOpenedPdf(ctx, ownerId, contract, opened));
}

async function verifyOpenedPdf(ctx: AppContext, ownerId: string, contract: Contract, opened: PdfDocument): Promise<VerificationReport> {
  const pdf = await readingPdf(() => readPdfValues(opened));
  await checkPdfBounds(opened.bytes); // before page text is read from it
  const { missing } = matchContract(contract, pdf.fields);
  if (pdf.fields.length === 0 || missing.length > 0) {
    const names = missing.slice(0, 5).map((f) => f.name).join(', ');
    throw new DomainError('invalid', 'widgets_mismatch', pdf.fields.length === 0 ? 'The PDF has no form fields; verify takes the filled fillable PDF of this form.' : `The PDF's fields do not match the form's contract (missing: ${names}${missing.length > 5 ? ', …' : ''}).`, { missing_fields: missing.length });
  }
  const { values } = await valuesForContract(opened, contract, pdf.fields);
  const report = verify(verifyInputs(contract, values, await opened.radioButtonsOn()));
  await recordUsage(ctx.db, { ownerId, kind: 'verify', subjectId: randomUUID() });
  return report;
}

/** The verification report of a PDF this service rendered from the form's fillable (not billed). */
export function verifyRendered(contract: Contract, bytes: Uint8Array): Promise<VerificationReport> {
  return withPdf(bytes, async (opened) => {
    const pdf = await readingPdf(() => readPdfValues(opened));
    const { values } = await valuesForContract(opened, contract, pdf.fields);
    return verify(verifyInputs(contract, values, await opened.radioButtonsOn()));
  });
}
