CREATE TABLE "Account" (
  "id" TEXT PRIMARY KEY,
  "name" TEXT NOT NULL,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "callbackSecret" TEXT,
  "retentionDefault" TEXT NOT NULL DEFAULT 'keep',
  "hasPaymentMethod" BOOLEAN NOT NULL DEFAULT false,
  "stripeCustomerId" TEXT
);

CREATE TABLE "ApiKey" (
  "id" TEXT PRIMARY KEY,
  "accountId" TEXT NOT NULL REFERENCES "Account"("id") ON DELETE CASCADE,
  "prefix" TEXT NOT NULL,
  "hash" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'active',
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lastUsedAt" TIMESTAMP(3),
  "revokedAt" TIMESTAMP(3)
);
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");
CREATE INDEX "ApiKey_accountId_idx" ON "ApiKey"("accountId");

CREATE TABLE "Form" (
  "id" TEXT PRIMARY KEY,
  "ownerId" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "title" TEXT NOT NULL,
  "schemaVersion" TEXT NOT NULL,
  "pageCount" INTEGER NOT NULL,
  "sourceSha256" TEXT NOT NULL,
  "sourceBlob" TEXT,
  "fillableBlob" TEXT,
  "contract" JSONB,
  "detectorVersion" TEXT,
  "error" JSONB,
  "callbackUrl" TEXT,
  "retention" TEXT NOT NULL,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMP(3) NOT NULL,
  "lastActivityAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "documentsDeletedAt" TIMESTAMP(3)
);
CREATE INDEX "Form_ownerId_idx" ON "Form"("ownerId");

CREATE TABLE "Job" (
  "id" TEXT PRIMARY KEY,
  "kind" TEXT NOT NULL,
  "ownerId" TEXT,
  "payload" JSONB NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'queued',
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "maxAttempts" INTEGER NOT NULL DEFAULT 5,
  "runAfter" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lockedAt" TIMESTAMP(3),
  "lastError" TEXT,
  "result" JSONB,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMP(3) NOT NULL
);
CREATE INDEX "Job_status_runAfter_idx" ON "Job"("status", "runAfter");

CREATE TABLE "IdempotencyRecord" (
  "id" TEXT PRIMARY KEY,
  "ownerId" TEXT NOT NULL,
  "key" TEXT NOT NULL,
  "fingerprint" TEXT NOT NULL,
  "responseStatus" INTEGER NOT NULL,
  "responseBody" JSONB NOT NULL,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expiresAt" TIMESTAMP(3) NOT NULL
);
CREATE UNIQUE INDEX "IdempotencyRecord_ownerId_key_key" ON "IdempotencyRecord"("ownerId", "key");

CREATE TABLE "UsageEvent" (
  "id" TEXT PRIMARY KEY,
  "ownerId" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "units" INTEGER NOT NULL DEFAULT 1,
  "period" TEXT NOT NULL,
  "subjectId" TEXT NOT NULL,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "voidedAt" TIMESTAMP(3)
);
CREATE UNIQUE INDEX "UsageEvent_kind_subjectId_key" ON "UsageEvent"("kind", "subjectId");
CREATE INDEX "UsageEvent_ownerId_period_idx" ON "UsageEvent"("ownerId", "period");
