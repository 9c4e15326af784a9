// The form job (§3.1): a PDF that already has AcroForm fields becomes a contract directly from
// them; a flat or scanned PDF goes through field detection and gets a fillable copy.
import { z } from 'zod';
import { defineJob, UnrecoverableJobError } from './types.ts';
import type { AppContext } from '../context.ts';
import { openPdf, PdfError } from '../pdf/pdfjs.ts';
import { readAcroFormFields } from '../pdf/acroform.ts';
import type { FormField } from '../pdf/types.ts';
import type { Contract, ContractField } from '../domain/forms.ts';
import { voidUsage } from '../domain/usage.ts';
import { enqueueCallback } from './callback-deliver.ts';
import { SCHEMA_VERSION } from '../config.ts';

/** Version of the contract built from an existing AcroForm (no detection involved). */
export const ACROFORM_READER_VERSION = 'acroform-1';

export const formProcessJob = defineJob({
  kind: 'form.process',
  payload: z.object({ formId: z.string() }),
  maxAttempts: 3,
  async run({ formId }, ctx) {
    const form = await ctx.db.form.findUnique({ where: { id: formId } });
    if (!form || form.status !== 'processing') return { skipped: true }; // done by an earlier attempt
    if (!form.sourceBlob) throw new UnrecoverableJobError('documents_deleted', 'The uploaded PDF was deleted before processing.');
    const bytes = await ctx.blobs.get(form.sourceBlob);

    const { fields, detectorVersion, fillableBytes } = await buildFields(bytes);
    const fillableBlob = fillableBytes ? `${form.ownerId}/forms/${form.id}/fillable.pdf` : form.sourceBlob;
    if (fillableBytes) await ctx.blobs.put(fillableBlob, fillableBytes);

    const contract: Contract = {
      schema_version: SCHEMA_VERSION,
      page_count: form.pageCount,
      field_count: fields.length,
      form: { title: form.title },
      detector_version: detectorVersion,
      fields: fields.map((f, i) => ({ ...f, id: i + 1, value: null }) as ContractField),
    };
    const updated = await ctx.db.form.updateMany({
      where: { id: formId, status: 'processing' },
      data: { status: 'ready', contract: contract as never, detectorVersion, fillableBlob, error: undefined },
    });
    if (updated.count === 1 && form.callbackUrl) {
      await enqueueCallback(ctx, form.ownerId, form.callbackUrl, { event: 'form.ready', status: 'ready', form_id: formId });
    }
    return { fields: fields.length };
  },
  async onFailed({ formId }, error, ctx) {
    await failForm(ctx, formId, error);
  },
});

async function buildFields(bytes: Uint8Array): Promise<{ fields: (FormField & { name: string })[]; detectorVersion: string; fillableBytes?: Uint8Array }> {
  let existing;
  try {
    const doc = await openPdf(bytes);
    try {
      existing = await readAcroFormFields(doc);
    } finally {
      await doc.destroy();
    }
  } catch (err) {
    if (err instanceof PdfError) throw new UnrecoverableJobError(err.code, err.message);
    throw err;
  }
  if (existing.length > 0) {
    const fields = existing.map(({ value: _value, ...f }) => f);
    return { fields, detectorVersion: ACROFORM_READER_VERSION };
  }
  // Loaded on first use: the detection stack (OCR, rendering) is heavy and most starts never need it.
  const { detectFields } = await import('../pdf/detect/index.ts');
  const { makeFillable } = await import('../pdf/fillable.ts');
  const detection = await detectFields(bytes);
  if (detection.fields.length === 0) {
    throw new UnrecoverableJobError('no_fields_detected', 'No fillable fields were found in the PDF.');
  }
  const { pdf, names } = await makeFillable(bytes, detection.fields);
  const fields = detection.fields.map((f, i) => ({ ...f, name: names[i] }));
  return { fields, detectorVersion: detection.detector_version, fillableBytes: pdf };
}

async function failForm(ctx: AppContext, formId: string, error: Error): Promise<void> {
  const reason = error instanceof UnrecoverableJobError ? error.code : 'internal_error';
  const message = error instanceof UnrecoverableJobError ? error.message : 'The form could not be processed.';
  const form = await ctx.db.form.findUnique({ where: { id: formId } });
  if (!form || form.status !== 'processing') return;
  const errorBody = { code: 'form_processing_failed', message, reason };
  await ctx.db.$transaction(async (tx) => {
    await tx.form.update({ where: { id: formId }, data: { status: 'failed', error: errorBody } });
    await voidUsage(tx, 'create', formId);
  });
  if (form.callbackUrl) {
    await enqueueCallback(ctx, form.ownerId, form.callbackUrl, { event: 'form.failed', status: 'failed', form_id: formId, error: { code: errorBody.code, message } });
  }
}
