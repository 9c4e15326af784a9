// The batch.fill job: runs use-cases/batches/fill-batch-rows.ts; when it fails for good, the batch fails.
import { defineJob } from './handler.ts';
import { failureReason } from './types.ts';
import { failBatch, fillBatchRows } from '../use-cases/batches/fill-batch-rows.ts';

export const batchFillJob = defineJob({
  kind: 'batch.fill',
  run: ({ batchId }, ctx, job) => fillBatchRows(ctx, batchId, job.checkpoint),
  onFailed: ({ batchId }, error, ctx) => failBatch(ctx, batchId, failureReason(error)),
});
