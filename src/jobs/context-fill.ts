// The context.fill job: runs use-cases/context/run-context-fill.ts; when it fails for good, the
// context job fails (use-cases/context/fail-context-fill.ts). A proposer failure that retries did
// not cure is reported as context_fill_failed.
import { defineJob } from './handler.ts';
import { failureReason } from './types.ts';
import { runContextFill } from '../use-cases/context/run-context-fill.ts';
import { failContextFill } from '../use-cases/context/fail-context-fill.ts';
import { ProposeFailedError } from '../use-cases/context/fill-from-documents.ts';

export const contextFillJob = defineJob({
  kind: 'context.fill',
  run: ({ contextJobId }, ctx, job) => runContextFill(ctx, contextJobId, job.checkpoint),
  onFailed: ({ contextJobId }, error, ctx) =>
    failContextFill(ctx, contextJobId, error instanceof ProposeFailedError ? { code: 'context_fill_failed', message: 'The values could not be proposed from the documents.' } : failureReason(error)),
});
