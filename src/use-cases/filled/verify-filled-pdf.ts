// POST /forms/{id}/verify (§4.7): the verification report of a filled copy of the form's
// fillable PDF (required fields, options, lengths, overflow, signatures). Bills one verify.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import { checkPdfBounds } from '../../domain/pdf-limits.ts';
import { missingFields, valuesForContract, verifyValues } from '../../domain/verification.ts';
import { assertBillable } from '../../billing/allowance.ts';
import { readPdfValues } from '../../pdf/read.ts';
import { withPdf, type PdfDocument } from '../../pdf/document.ts';
import type { VerificationReport } from '../../pdf/verify.ts';
import { readingPdf } from '../../pdf/guard.ts';
import { contractOf, readyForm } from '../../store/forms.ts';
import type { Contract } from '../../domain/contracts.ts';
import { recordUsage } from '../../store/usage.ts';

export async function verifyFilledPdf(ctx: AppContext, ownerId: string, formId: string, file: UploadedDocument): Promise<VerificationReport> {
  const form = await readyForm(ctx, ownerId, formId);
  // Over the free allowance, or a form over the free tier's page cap, without a payment method: payment_required.
  await assertBillable(ctx, ownerId, 'verify', form.pageCount);
  const contract = contractOf(form);
  return withPdf(file.bytes, (opened) => verifyOpenedPdf(ctx, ownerId, contract, opened));
}

async function verifyOpenedPdf(ctx: AppContext, ownerId: string, contract: Contract, opened: PdfDocument): Promise<VerificationReport> {
  const pdf = await readingPdf(() => readPdfValues(opened));
  await checkPdfBounds(opened.bytes); // before page text is read from it
  const missing = missingFields(contract, pdf.fields);
  if (pdf.fields.length === 0 || missing.length > 0) {
    const names = missing.slice(0, 5).map((f) => f.name).join(', ');
    throw new DomainError('invalid', 'widgets_mismatch', pdf.fields.length === 0 ? 'The PDF has no form fields; verify takes the filled fillable PDF of this form.' : `The PDF's fields do not match the form's contract (missing: ${names}${missing.length > 5 ? ', …' : ''}).`, { missing_fields: missing.length });
  }
  const { values } = await valuesForContract(opened, contract, pdf.fields);
  const report = verifyValues(contract, values, await opened.radioButtonsOn());
  await recordUsage(ctx.db, { ownerId, kind: 'verify', subjectId: randomUUID() });
  return report;
}
