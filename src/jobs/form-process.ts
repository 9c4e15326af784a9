// The form job (§3.1): a PDF that already has AcroForm fields becomes a contract directly from
// them; a flat or scanned PDF goes through field detection and gets a fillable copy.
import { defineJob } from './handler.ts';
import { UnrecoverableJobError } from './types.ts';
import type { AppContext } from '../context.ts';
import { ContractBuildError } from '../domain/contracts.ts';
import { WorkerPoolError } from '../workers/pool.ts';
import { voidUsage } from '../domain/usage.ts';
import { enqueueCallback } from './callback-deliver.ts';

export const formProcessJob = defineJob({
  kind: 'form.process',
  async run({ formId }, ctx) {
    return processForm(ctx, formId);
  },
  async onFailed({ formId }, error, ctx) {
    await failForm(ctx, formId, error);
  },
});

/**
 * Moves a processing form to ready: its contract from the AcroForm, or from detection plus a
 * fillable copy. Idempotent: a form no longer processing is left alone. Throws
 * UnrecoverableJobError for PDFs that can never become a contract. Context jobs that create their
 * own form call it directly, so detection and the fill run as one job.
 */
export async function processForm(ctx: AppContext, formId: string): Promise<{ fields?: number; skipped?: boolean }> {
  const form = await ctx.db.form.findUnique({ where: { id: formId } });
  if (!form || form.status !== 'processing') return { skipped: true }; // done by an earlier attempt
  if (!form.sourceBlob) throw new UnrecoverableJobError('documents_deleted', 'The uploaded PDF was deleted before processing.');
  const bytes = await ctx.blobs.get(form.sourceBlob);

  let built;
  try {
    // Detection and OCR run in the engine's worker threads: never on the event loop that answers
    // HTTP, and stopped when they overrun their time or memory.
    built = await ctx.engine.run({ op: 'contract', bytes, title: form.title, pageCount: form.pageCount });
  } catch (err) {
    if (err instanceof ContractBuildError) throw new UnrecoverableJobError(err.code, err.message);
    // Over its time or memory: the same PDF would overrun again. A full queue is worth a retry.
    if (err instanceof WorkerPoolError && err.status === 422) throw new UnrecoverableJobError(err.code, err.message);
    throw err;
  }
  const fillableBlob = built.fillablePdf ? `${form.ownerId}/forms/${form.id}/fillable.pdf` : form.sourceBlob;
  if (built.fillablePdf) await ctx.blobs.put(fillableBlob, built.fillablePdf);

  const updated = await ctx.db.form.updateMany({
    where: { id: formId, status: 'processing' },
    data: { status: 'ready', title: built.contract.form.title.slice(0, 300), contract: built.contract as never, detectorVersion: built.contract.detector_version, fillableBlob, error: undefined },
  });
  if (updated.count === 1 && form.callbackUrl) {
    await enqueueCallback(ctx, form.ownerId, form.callbackUrl, { event: 'form.ready', status: 'ready', form_id: formId });
  }
  return { fields: built.contract.field_count };
}

export async function failForm(ctx: AppContext, formId: string, error: Error): Promise<void> {
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
