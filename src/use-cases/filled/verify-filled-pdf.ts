// POST /forms/{id}/verify (§4.7): the verification report of a filled copy of the form's
// fillable PDF (required fields, options, lengths, overflow, signatures). Bills one verify.
// The PDF is read in the request pool (workers/offload.ts), never on the event loop.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import { missingFields, verifyValues } from '../../domain/verification.ts';
import { assertBillable } from '../../billing/allowance.ts';
import type { VerificationReport } from '../../pdf/verify.ts';
import { contractOf, readyForm } from '../../store/forms.ts';
import { recordUsage } from '../../store/usage.ts';
import { readFilled } from '../../workers/offload.ts';

export async function verifyFilledPdf(ctx: AppContext, ownerId: string, formId: string, file: UploadedDocument): Promise<VerificationReport> {
  const form = await readyForm(ctx, ownerId, formId);
  // Over the free allowance, or a form over the free tier's page cap, without a payment method: payment_required.
  await assertBillable(ctx, ownerId, 'verify', form.pageCount);
  const contract = contractOf(form);
  const pdf = await readFilled(ctx, file.bytes, { contract, bounds: true });
  const missing = missingFields(contract, pdf.fields);
  if (pdf.fields.length === 0 || missing.length > 0) {
    const names = missing.slice(0, 5).map((f) => f.name).join(', ');
    throw new DomainError('invalid', 'widgets_mismatch', pdf.fields.length === 0 ? 'The PDF has no form fields; verify takes the filled fillable PDF of this form.' : `The PDF's fields do not match the form's contract (missing: ${names}${missing.length > 5 ? ', …' : ''}).`, { missing_fields: missing.length });
  }
  const report = verifyValues(contract, pdf.values!, pdf.radios!);
  await recordUsage(ctx.db, { ownerId, kind: 'verify', subjectId: randomUUID() });
  return report;
}
