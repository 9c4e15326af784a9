CREATE TABLE "ContextJob" (
  "id" TEXT PRIMARY KEY,
  "ownerId" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "formId" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'processing',
  "policy" TEXT NOT NULL DEFAULT 'safe',
  "documents" JSONB NOT NULL,
  "callbackUrl" TEXT,
  "sessionId" TEXT,
  "proposalId" TEXT,
  "report" JSONB,
  "error" JSONB,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMP(3) NOT NULL
);
CREATE INDEX "ContextJob_ownerId_idx" ON "ContextJob"("ownerId");

CREATE TABLE "Proposal" (
  "id" TEXT PRIMARY KEY,
  "ownerId" TEXT NOT NULL,
  "formId" TEXT NOT NULL,
  "jobId" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'processing',
  "policy" TEXT NOT NULL,
  "tokenHash" TEXT NOT NULL,
  "fields" JSONB,
  "checks" JSONB,
  "proposedAt" TIMESTAMP(3),
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMP(3) NOT NULL
);
CREATE INDEX "Proposal_ownerId_idx" ON "Proposal"("ownerId");
CREATE INDEX "Proposal_formId_idx" ON "Proposal"("formId");

CREATE TABLE "ProposalCommit" (
  "proposalId" TEXT NOT NULL REFERENCES "Proposal"("id") ON DELETE CASCADE,
  "n" INTEGER NOT NULL,
  "auto" BOOLEAN NOT NULL,
  "valuesSupplied" INTEGER NOT NULL,
  "settled" JSONB NOT NULL,
  "result" TEXT NOT NULL,
  "receipt" JSONB NOT NULL,
  "pdfBlob" TEXT,
  "artifactId" TEXT,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("proposalId", "n")
);
