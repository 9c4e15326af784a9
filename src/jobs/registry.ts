// The handler of every job kind. Only the worker side imports this (jobs/runner.ts); code that
// enqueues names a kind from jobs/kinds.ts.
import type { JobHandler } from './handler.ts';
import { JOB_KINDS, type JobKind } from './kinds.ts';
import { formProcessJob } from './form-process.ts';
import { callbackDeliverJob } from './callback-deliver.ts';
import { meterReportJob } from './meter-report.ts';
import { paymentRefundJob } from './payment-refund.ts';
import { paymentPurgeResponseJob } from './payment-purge-response.ts';
import { batchFillJob } from './batch-fill.ts';
import { contextFillJob } from './context-fill.ts';
import { faxSendJob } from './fax-send.ts';
import { faxRefundJob } from './fax-refund.ts';
import { faxWatchJob } from './fax-watch.ts';
import { uploadExpireJob } from './upload-expire.ts';

const handlers = [formProcessJob, callbackDeliverJob, meterReportJob, paymentRefundJob, paymentPurgeResponseJob, batchFillJob, contextFillJob, faxSendJob, faxRefundJob, faxWatchJob, uploadExpireJob] as JobHandler<JobKind>[];

export const jobHandlers = new Map<string, JobHandler<JobKind>>(handlers.map((h) => [h.kind, h]));

/** Kinds without a handler: a worker must not start while this is not empty. */
export const kindsWithoutHandler = (): string[] => Object.keys(JOB_KINDS).filter((k) => !jobHandlers.has(k));
