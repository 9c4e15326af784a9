-- Cooperative job cancellation (src/jobs/cancel.ts): a caller asks a queued or running job to stop;
-- the runner and the job's checkpoints see it and end the job as canceled.
ALTER TABLE "Job" ADD COLUMN "cancelRequestedAt" TIMESTAMP(3);
