CREATE TABLE "Batch" (
  "id" TEXT PRIMARY KEY,
  "ownerId" TEXT NOT NULL,
  "formId" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'processing',
  "total" INTEGER NOT NULL,
  "mapping" JSONB NOT NULL,
  "error" JSONB,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMP(3) NOT NULL
);
CREATE INDEX "Batch_ownerId_idx" ON "Batch"("ownerId");

CREATE TABLE "BatchRow" (
  "batchId" TEXT NOT NULL,
  "row" INTEGER NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'pending',
  "values" JSONB NOT NULL,
  "pdfBlob" TEXT,
  "error" TEXT,
  "updatedAt" TIMESTAMP(3) NOT NULL,
  PRIMARY KEY ("batchId", "row")
);
CREATE INDEX "BatchRow_batchId_status_idx" ON "BatchRow"("batchId", "status");
