// Stops work a caller started and no longer wants (an A2A task canceled while it waits): the job
// behind a form's detection, a context fill or a batch is asked to stop at its next checkpoint
// (src/jobs/cancel.ts). Such a job ends as canceled: the form or context job fails with code
// `canceled` and is not charged; a batch keeps (and is billed for) the rows filled before it stopped.
import type { AppContext } from '../../context.ts';
import { requestJobCancel } from '../../jobs/cancel.ts';

export type StartedWork = { kind: 'form'; formId: string } | { kind: 'context'; contextJobId: string } | { kind: 'batch'; batchId: string };

/** Returns whether a job was still there to stop. */
export async function cancelStartedWork(ctx: AppContext, ownerId: string, work: StartedWork): Promise<boolean> {
  const asked =
    work.kind === 'form'
      ? await requestJobCancel(ctx.db, ownerId, 'form.process', ['formId', work.formId])
      : work.kind === 'context'
        ? await requestJobCancel(ctx.db, ownerId, 'context.fill', ['contextJobId', work.contextJobId])
        : await requestJobCancel(ctx.db, ownerId, 'batch.fill', ['batchId', work.batchId]);
  return asked > 0;
}
