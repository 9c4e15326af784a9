// The form job (§3.1): a processing form becomes ready with its contract (from its AcroForm, or
// from detection plus a fillable copy), or fails with the reason and its creation unbilled.
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { voidUsage } from '../../store/usage.ts';
import { queueCallback } from '../callbacks/queue-callback.ts';
import { makeFillable } from './make-fillable.ts';

/**
 * Moves a processing form to ready. Idempotent: a form no longer processing is left alone.
 * Throws a DomainError for PDFs that can never become a contract. Context jobs that create their
 * own form call it directly, so detection and the fill run as one job.
 */
/** `checkpoint` (a job's, jobs/cancel.ts) stops the work when the caller canceled it during detection. */
export async function processForm(ctx: AppContext, formId: string, checkpoint?: () => Promise<void>): Promise<{ fields?: number; skipped?: boolean }> {
  const form = await ctx.db.form.findUnique({ where: { id: formId } });
  if (!form || form.status !== 'processing') return { skipped: true }; // done by an earlier attempt
  if (!form.sourceBlob) throw new DomainError('gone', 'documents_deleted', 'The uploaded PDF was deleted before processing.');
  const bytes = await ctx.blobs.get(form.sourceBlob);
  const built = await makeFillable(ctx, { bytes, title: form.title, pageCount: form.pageCount });
  await checkpoint?.();
  const fillableBlob = built.fillablePdf ? `${form.ownerId}/forms/${form.id}/fillable.pdf` : form.sourceBlob;
  if (built.fillablePdf) await ctx.blobs.put(fillableBlob, built.fillablePdf);

  const updated = await ctx.db.form.updateMany({
    where: { id: formId, status: 'processing' },
    data: { status: 'ready', title: built.contract.form.title.slice(0, 300), contract: built.contract as never, detectorVersion: built.contract.detector_version, fillableBlob, error: undefined },
  });
  if (updated.count === 1 && form.callbackUrl) {
    await queueCallback(ctx, form.ownerId, form.callbackUrl, { event: 'form.ready', status: 'ready', form_id: formId });
  }
  return { fields: built.contract.field_count };
}

/** Why a form failed, as GET /forms/{id} shows it; without one, the failure was ours (internal_error). */
export interface FailureReason {
  code: string;
  message: string;
}

/** Fails a form still processing: its error, its creation unbilled, the form.failed callback. */
export async function failForm(ctx: AppContext, formId: string, reason: FailureReason | undefined): Promise<void> {
  const form = await ctx.db.form.findUnique({ where: { id: formId } });
  if (!form || form.status !== 'processing') return;
  const message = reason?.message ?? 'The form could not be processed.';
  const errorBody = { code: 'form_processing_failed', message, reason: reason?.code ?? 'internal_error' };
  await ctx.db.$transaction(async (tx) => {
    await tx.form.update({ where: { id: formId }, data: { status: 'failed', error: errorBody } });
    await voidUsage(tx, 'create', formId);
  });
  if (form.callbackUrl) {
    await queueCallback(ctx, form.ownerId, form.callbackUrl, { event: 'form.failed', status: 'failed', form_id: formId, error: { code: errorBody.code, message } });
  }
}
