// The context job (§2.4, §3.2): processes the form if the request brought a new PDF, reads the
// supporting documents and proposes a value per field, then either writes the accepted values into
// a completed session (with_context, through fillFromDocuments: the pay door's code path) or
// stores them as a proposal (prepare). The documents are deleted when the job ends, whatever the
// outcome (here on success, in fail-context-fill.ts on failure).
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Contract } from '../../domain/contracts.ts';
import type { Policy } from '../../domain/proposal-fields.ts';
import { contractOf } from '../../store/forms.ts';
import { deleteContextDocuments, loadContextDocuments, type StoredDocument } from '../../store/context-jobs.ts';
import { queueCallback } from '../callbacks/queue-callback.ts';
import { failForm, processForm } from '../forms/process-form.ts';
import { fillFromDocuments, proposeFieldValues } from './fill-from-documents.ts';

/** `checkpoint` (a job's, jobs/cancel.ts) runs between the stages: a canceled fill stops before writing anything. */
export async function runContextFill(ctx: AppContext, contextJobId: string, checkpoint: () => Promise<void> = async () => undefined) {
  const job = await ctx.db.contextJob.findUnique({ where: { id: contextJobId } });
  if (!job || job.status !== 'processing') return { skipped: true };
  const contract = await readyContract(ctx, job.formId);
  await checkpoint();
  const form = await ctx.db.form.findUniqueOrThrow({ where: { id: job.formId } });
  if (!form.fillableBlob || form.documentsDeletedAt) throw new DomainError('gone', 'job_failed', 'The form’s documents were deleted before the job ran.');
  const formPdf = await ctx.blobs.get(form.fillableBlob);
  const stored = job.documents as unknown as StoredDocument[];
  const input = { contract, formPdf, documents: await loadContextDocuments(ctx, stored), policy: job.policy as Policy };

  if (job.kind === 'prepare') {
    const { fields, checks } = await proposeFieldValues(ctx, input);
    await checkpoint();
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

  // with_context: the accepted values go into a completed session; the rest stay in it as
  // `skipped`, so the caller sees them. The session id is the job's, so a retry writes it once.
  const { pdf, sessionFields, report } = await fillFromDocuments(ctx, input, checkpoint);
  const sessionId = job.id;
  const pdfBlob = `${job.ownerId}/sessions/${sessionId}/filled.pdf`;
  await ctx.blobs.put(pdfBlob, pdf);
  await ctx.db.$transaction(async (tx) => {
    await tx.session.upsert({
      where: { id: sessionId },
      create: { id: sessionId, ownerId: job.ownerId, formId: job.formId, status: 'completed', fields: sessionFields as never, pdfBlob, completedAt: new Date() },
      update: {},
    });
    await tx.contextJob.update({ where: { id: job.id }, data: { status: 'ready', sessionId, report: report as never } });
    await tx.form.update({ where: { id: job.formId }, data: { lastActivityAt: new Date() } });
  });
  await finish(ctx, job, { event: 'job.ready', status: 'ready', job_id: job.id, session_id: sessionId, report });
  return { session: sessionId, filled: report.filled.length, dropped: report.dropped.length };
}

/** The form's contract, processing the form first when this job brought it. */
async function readyContract(ctx: AppContext, formId: string): Promise<Contract> {
  let form = await ctx.db.form.findUniqueOrThrow({ where: { id: formId } });
  if (form.status === 'processing') {
    try {
      await processForm(ctx, formId);
    } catch (err) {
      if (err instanceof DomainError) {
        await failForm(ctx, formId, err);
        throw new DomainError('unprocessable', 'form_processing_failed', err.message);
      }
      throw err;
    }
    form = await ctx.db.form.findUniqueOrThrow({ where: { id: formId } });
  }
  if (form.status !== 'ready' || !form.contract) throw new DomainError('unprocessable', 'form_processing_failed', 'The form could not be processed.');
  return contractOf(form);
}

/** Deletes the documents and sends the callback, if one was asked for. */
export async function finish(ctx: AppContext, job: { ownerId: string; documents: unknown; callbackUrl: string | null }, event: Record<string, unknown>) {
  await deleteContextDocuments(ctx, job.documents as StoredDocument[]);
  if (job.callbackUrl) await queueCallback(ctx, job.ownerId, job.callbackUrl, event);
}
