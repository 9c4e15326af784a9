// Cooperative cancellation of a job. A caller asks (the row's cancelRequestedAt); the runner looks
// before an attempt starts and a handler at its checkpoints (between the stages of its work), and
// the job ends as canceled: the row's status is `canceled` and the kind's onFailed hook runs with a
// JobCanceledError, so what the job made fails with code `canceled` and its charge is voided, as
// for any failed job. A stage already running (a detection, a proposer call) finishes first; a job
// past its last checkpoint succeeds. Either way every job ends.
import type { Prisma } from '../store/db.ts';
import type { JobKind } from './kinds.ts';
import { UnrecoverableJobError } from './types.ts';

export class JobCanceledError extends UnrecoverableJobError {
  constructor() {
    super('canceled', 'The work was canceled before it finished; it is not charged.');
  }
}

/**
 * Asks the owner's unfinished jobs of `kind` whose payload holds `value` under `key` to stop.
 * Returns how many were asked (0: none left to stop, or another owner's).
 */
export async function requestJobCancel(db: Prisma, ownerId: string, kind: JobKind, [key, value]: [string, string]): Promise<number> {
  const { count } = await db.job.updateMany({
    where: { ownerId, kind, status: { in: ['queued', 'running'] }, cancelRequestedAt: null, payload: { path: [key], equals: value } },
    data: { cancelRequestedAt: new Date() },
  });
  return count;
}

/** A job's checkpoint: throws JobCanceledError once the job was asked to stop. */
export function jobCheckpoint(db: Prisma, jobId: string): () => Promise<void> {
  return async () => {
    const row = await db.job.findUnique({ where: { id: jobId }, select: { cancelRequestedAt: true } });
    if (row?.cancelRequestedAt) throw new JobCanceledError();
  };
}
