// A context job that failed for good: the job and its proposal fail with a code the interface
// lists, a form the job created fails with it, the context fill is unbilled, the documents are
// deleted and the job.failed callback is sent.
import type { AppContext } from '../../context.ts';
import { failForm, type FailureReason } from '../forms/process-form.ts';
import { voidUsage } from '../../store/usage.ts';
import { finish } from './run-context-fill.ts';

/** The error codes a context job ends with (§2.4); anything else is reported as job_failed. */
const CONTEXT_JOB_ERRORS = ['context_too_large', 'unsupported_context_file', 'context_fill_failed', 'apply_rejected', 'form_processing_failed', 'job_failed', 'canceled'] as const;

/** `reason`: the refusal or failure the job ended with; undefined when it was ours and unexplained. */
export async function failContextFill(ctx: AppContext, contextJobId: string, reason: FailureReason | undefined): Promise<void> {
  const job = await ctx.db.contextJob.findUnique({ where: { id: contextJobId } });
  if (!job || job.status !== 'processing') return;
  const known = reason && (CONTEXT_JOB_ERRORS as readonly string[]).includes(reason.code);
  const body = known ? { code: reason.code, message: reason.message } : { code: 'job_failed', message: 'The job could not be completed.' };
  // A form this job created (with-context or prepare on a new PDF) and left processing fails with
  // it; a form that was already ready is left alone (failForm only moves a processing form).
  await failForm(ctx, job.formId, reason ?? { code: 'job_failed', message: 'The form could not be processed.' });
  await ctx.db.$transaction(async (tx) => {
    await tx.contextJob.update({ where: { id: job.id }, data: { status: 'failed', error: body } });
    if (job.proposalId) await tx.proposal.updateMany({ where: { id: job.proposalId }, data: { status: 'failed' } });
    await voidUsage(tx, 'with_context', job.id); // a job that failed is not charged
  });
  await finish(ctx, job, { event: 'job.failed', status: 'failed', job_id: job.id, error: body });
}
