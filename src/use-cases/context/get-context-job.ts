// GET /forms/with-context/{job_id}, GET /forms/prepare/{job_id}: a context job's state and what it made.
import type { AppContext } from '../../context.ts';
import { notFound } from '../../domain/errors.ts';
import type { ContextJobKind } from '../../store/context-jobs.ts';

export async function getContextJob(ctx: AppContext, ownerId: string, jobId: string) {
  const job = await ctx.db.contextJob.findFirst({ where: { id: jobId, ownerId } });
  if (!job) throw notFound('job');
  return {
    job_id: job.id,
    kind: job.kind as ContextJobKind,
    status: job.status as 'processing' | 'ready' | 'failed',
    form_id: job.formId,
    session_id: job.sessionId,
    proposal_id: job.status === 'ready' ? job.proposalId : null,
    report: job.report ?? null,
    error: (job.error as { code: string; message: string } | null) ?? null,
  };
}
