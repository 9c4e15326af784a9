CREATE TABLE "Session" (
  "id" TEXT PRIMARY KEY,
  "ownerId" TEXT NOT NULL,
  "formId" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'open',
  "fields" JSONB NOT NULL,
  "version" INTEGER NOT NULL DEFAULT 0,
  "pdfBlob" TEXT,
  "flattened" BOOLEAN NOT NULL DEFAULT false,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMP(3) NOT NULL,
  "completedAt" TIMESTAMP(3)
);
CREATE INDEX "Session_ownerId_idx" ON "Session"("ownerId");
CREATE INDEX "Session_formId_idx" ON "Session"("formId");
