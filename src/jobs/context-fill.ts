// The context job (§2.4, §3.2): processes the form if the request brought a new PDF, reads the
// supporting documents, proposes a value per field, then either writes the accepted values into a
// completed session (with_context) or stores them as a proposal (prepare). The documents are
// personal data needed only here: their blobs are deleted when the job ends, whatever the outcome.
import { defineJob } from './handler.ts';
import { UnrecoverableJobError } from './types.ts';
import type { AppContext } from '../context.ts';
import { CONTEXT_JOB_ERRORS, type Policy, type StoredDocument } from '../domain/context-jobs.ts';
import type { ProposedField } from '../domain/proposals.ts';
import type { Contract } from '../domain/contracts.ts';
import { proposeFieldValues, ProposeFailedError, writeAcceptedValues } from '../domain/fill-from-documents.ts';
import { voidUsage } from '../domain/usage.ts';
import { failForm, processForm } from './form-process.ts';
import { enqueueCallback } from './callback-deliver.ts';

export const contextFillJob = defineJob({
  kind: 'context.fill',
  async run({ contextJobId }, ctx) {
    const job = await ctx.db.contextJob.findUnique({ where: { id: contextJobId } });
    if (!job || job.status !== 'processing') return { skipped: true };
    const contract = await readyContract(ctx, job.formId);
    const form = await ctx.db.form.findUniqueOrThrow({ where: { id: job.formId } });
    if (!form.fillableBlob || form.documentsDeletedAt) throw new UnrecoverableJobError('job_failed', 'The form’s documents were deleted before the job ran.');
    const formPdf = await ctx.blobs.get(form.fillableBlob);
    const stored = job.documents as unknown as StoredDocument[];
    const documents = await Promise.all(stored.map(async (d) => ({ id: d.id, name: d.name, mimetype: d.mimetype, bytes: await ctx.blobs.get(d.blob) })));

    const { fields, checks } = await proposeFieldValues(ctx, { contract, formPdf, documents, policy: job.policy as Policy });

    if (job.kind === 'prepare') {
      await ctx.db.$transaction(async (tx) => {
        await tx.proposal.updateMany({
          where: { id: job.proposalId!, status: 'processing' },
          data: { status: 'open', fields: fields as never, checks: checks as never, proposedAt: new Date() },
        });
        await tx.contextJob.update({ where: { id: job.id }, data: { status: 'ready' } });
      });
      await finish(ctx, job, { event: 'job.ready', status: 'ready', job_id: job.id, proposal_id: job.proposalId, form_id: job.formId });
      return { proposal: job.proposalId, ready: fields.filter((f) => f.state === 'ready').length };
    }

    const { sessionId, report } = await fillSession(ctx, job, form.ownerId, contract, fields, formPdf);
    await finish(ctx, job, { event: 'job.ready', status: 'ready', job_id: job.id, session_id: sessionId, report });
    return { session: sessionId, filled: report.filled.length, dropped: report.dropped.length };
  },
  async onFailed({ contextJobId }, error, ctx) {
    const job = await ctx.db.contextJob.findUnique({ where: { id: contextJobId } });
    if (!job || job.status !== 'processing') return;
    const known = error instanceof UnrecoverableJobError && (CONTEXT_JOB_ERRORS as readonly string[]).includes(error.code);
    const body = known
      ? { code: (error as UnrecoverableJobError).code, message: error.message }
      : error instanceof ProposeFailedError
        ? { code: 'context_fill_failed', message: 'The values could not be proposed from the documents.' }
        : { code: 'job_failed', message: 'The job could not be completed.' };
    // A form this job created (with-context or prepare on a new PDF) and left processing fails with
    // it; a form that was already ready is left alone (failForm only moves a processing form).
    await failForm(ctx, job.formId, error instanceof UnrecoverableJobError ? error : new UnrecoverableJobError('job_failed', 'The form could not be processed.'));
    await ctx.db.$transaction(async (tx) => {
      await tx.contextJob.update({ where: { id: job.id }, data: { status: 'failed', error: body } });
      if (job.proposalId) await tx.proposal.updateMany({ where: { id: job.proposalId }, data: { status: 'failed' } });
      await voidUsage(tx, 'with_context', job.id); // a job that failed is not charged
    });
    await finish(ctx, job, { event: 'job.failed', status: 'failed', job_id: job.id, error: body });
  },
});

/** The form's contract, processing the form first when this job brought it. */
async function readyContract(ctx: AppContext, formId: string): Promise<Contract> {
  let form = await ctx.db.form.findUniqueOrThrow({ where: { id: formId } });
  if (form.status === 'processing') {
    try {
      await processForm(ctx, formId);
    } catch (err) {
      if (err instanceof UnrecoverableJobError) {
        await failForm(ctx, formId, err);
        throw new UnrecoverableJobError('form_processing_failed', err.message);
      }
      throw err;
    }
    form = await ctx.db.form.findUniqueOrThrow({ where: { id: formId } });
  }
  if (form.status !== 'ready' || !form.contract) throw new UnrecoverableJobError('form_processing_failed', 'The form could not be processed.');
  return form.contract as unknown as Contract;
}

/**
 * with_context: writes the values the policy accepts into a completed session; the rest stay in it
 * as `skipped`, so the caller sees them.
 */
async function fillSession(ctx: AppContext, job: { id: string; ownerId: string; formId: string }, ownerId: string, contract: Contract, fields: ProposedField[], formPdf: Uint8Array) {
  const { pdf, sessionFields, report } = await writeAcceptedValues(contract, fields, formPdf);
  // The session id is derived from the job, so a retried job writes the same session once.
  const sessionId = job.id;
  const pdfBlob = `${ownerId}/sessions/${sessionId}/filled.pdf`;
  await ctx.blobs.put(pdfBlob, pdf);
  await ctx.db.$transaction(async (tx) => {
    await tx.session.upsert({
      where: { id: sessionId },
      create: { id: sessionId, ownerId, formId: job.formId, status: 'completed', fields: sessionFields as never, pdfBlob, completedAt: new Date() },
      update: {},
    });
    await tx.contextJob.update({ where: { id: job.id }, data: { status: 'ready', sessionId, report: report as never } });
    await tx.form.update({ where: { id: job.formId }, data: { lastActivityAt: new Date() } });
  });
  return { sessionId, report };
}

/** Deletes the documents and sends the callback, if one was asked for. */
async function finish(ctx: AppContext, job: { id: string; ownerId: string; documents: unknown; callbackUrl: string | null }, event: Record<string, unknown>) {
  for (const d of job.documents as StoredDocument[]) await ctx.blobs.delete(d.blob);
  if (job.callbackUrl) await enqueueCallback(ctx, job.ownerId, job.callbackUrl, event);
}
