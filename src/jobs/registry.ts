// Every job kind the service knows. A kind missing here fails loudly at enqueue time.
import type { JobDefinition } from './types.ts';
import { formProcessJob } from './form-process.ts';
import { callbackDeliverJob } from './callback-deliver.ts';
import { meterReportJob } from './meter-report.ts';
import { paymentRefundJob } from './payment-refund.ts';
import { paymentPurgeResponseJob } from './payment-purge-response.ts';
import { batchFillJob } from './batch-fill.ts';
import { contextFillJob } from './context-fill.ts';

export const jobDefinitions = new Map<string, JobDefinition<unknown>>(
  ([formProcessJob, callbackDeliverJob, meterReportJob, paymentRefundJob, paymentPurgeResponseJob, batchFillJob, contextFillJob] as JobDefinition<never>[]).map((d) => [d.kind, d as unknown as JobDefinition<unknown>]),
);
