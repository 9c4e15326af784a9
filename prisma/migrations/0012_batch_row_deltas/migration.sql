-- Batch rows as deltas (#22): a filled row's blob holds only the incremental update appended to
-- the batch's template (its form's fillable PDF), and the batch keeps running counts of filled
-- and failed rows, moved in the statement that moves each row.
ALTER TABLE "Batch" ADD COLUMN "templateBlob" TEXT;
ALTER TABLE "Batch" ADD COLUMN "filled" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Batch" ADD COLUMN "failed" INTEGER NOT NULL DEFAULT 0;
UPDATE "Batch" b SET
  "filled" = (SELECT count(*) FROM "BatchRow" r WHERE r."batchId" = b.id AND r.status = 'filled'),
  "failed" = (SELECT count(*) FROM "BatchRow" r WHERE r."batchId" = b.id AND r.status = 'failed');
