CREATE TABLE "LibraryRevision" (
  "id" TEXT PRIMARY KEY,
  "formKey" TEXT NOT NULL,
  "sha256" TEXT NOT NULL,
  "blob" TEXT NOT NULL,
  "bytes" INTEGER NOT NULL,
  "pageCount" INTEGER NOT NULL,
  "fillable" BOOLEAN NOT NULL,
  "sourceUrl" TEXT NOT NULL,
  "fetchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "checkedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "LibraryRevision_formKey_sha256_key" ON "LibraryRevision"("formKey", "sha256");
CREATE INDEX "LibraryRevision_formKey_fetchedAt_idx" ON "LibraryRevision"("formKey", "fetchedAt");
