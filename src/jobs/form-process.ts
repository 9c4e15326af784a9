// The form.process job: runs use-cases/forms/process-form.ts; when it fails for good, the form fails.
import { defineJob } from './handler.ts';
import { failureReason } from './types.ts';
import { failForm, processForm } from '../use-cases/forms/process-form.ts';

export const formProcessJob = defineJob({
  kind: 'form.process',
  run: ({ formId }, ctx, job) => processForm(ctx, formId, job.checkpoint),
  onFailed: ({ formId }, error, ctx) => failForm(ctx, formId, failureReason(error)),
});
