// Every job kind the service knows: its name, the schema of its payload and how often it is tried.
// Kinds are apart from their handlers (jobs/registry.ts) so that enqueueing a job imports no
// handler; a worker refuses to start when a kind has no handler.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

export const JOB_KINDS = {
  'form.process': { payload: z.object({ formId: z.string() }), maxAttempts: 3 },
  'context.fill': { payload: z.object({ contextJobId: z.string() }), maxAttempts: 3 },
  'batch.fill': { payload: z.object({ batchId: z.string() }), maxAttempts: 5 },
  'callback.deliver': { payload: z.object({ accountId: z.string(), url: z.string(), body: z.string(), headers: z.record(z.string(), z.string()).optional() }), maxAttempts: 5 },
  'billing.meter-report': { payload: z.object({}), maxAttempts: 5 },
  'payment.refund': { payload: z.object({ refundId: z.string() }), maxAttempts: 10 },
  'payment.purge-response': { payload: z.object({ paymentId: z.string() }), maxAttempts: 5 },
  'fax.send': { payload: z.object({ faxId: z.string() }), maxAttempts: 5 },
  'fax.refund': { payload: z.object({ faxId: z.string() }), maxAttempts: 10 },
  'fax.watch': { payload: z.object({ faxId: z.string(), check: z.number().int() }), maxAttempts: 5 },
  'upload.expire': { payload: z.object({ ownerId: z.string(), uploadId: z.string() }), maxAttempts: 5 },
} as const;

export type JobKind = keyof typeof JOB_KINDS;

export interface EnqueueOptions {
  /** Job id; defaults to a fresh UUID. Enqueueing an id twice creates one job. */
  jobId?: string;
  ownerId?: string | null;
  delayMs?: number;
}
export type PayloadOf<K extends JobKind> = z.infer<(typeof JOB_KINDS)[K]['payload']>;

export function isJobKind(kind: string): kind is JobKind {
  return Object.hasOwn(JOB_KINDS, kind);
}

/** The row of a new job, for `db.job.create` inside a caller's transaction; then `queue.dispatch(id)`. */
export function newJobRow<K extends JobKind>(kind: K, payload: PayloadOf<K>, options: EnqueueOptions = {}) {
  if (!isJobKind(kind)) throw new Error(`Unknown job kind "${kind}"`);
  return {
    id: options.jobId ?? randomUUID(),
    kind,
    ownerId: options.ownerId ?? null,
    payload: payload as never,
    maxAttempts: JOB_KINDS[kind].maxAttempts,
    runAfter: new Date(Date.now() + (options.delayMs ?? 0)),
  };
}

/** attempt n (1-based) waits base * 4^(n-1) before the next try, capped at an hour. */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 4 ** (attempt - 1), 3_600_000);
}
