CREATE TABLE "Fax" (
  "id" TEXT PRIMARY KEY,
  "ownerId" TEXT,
  "paymentId" TEXT,
  "destination" TEXT,
  "destinationMasked" TEXT NOT NULL,
  "destinationHash" TEXT NOT NULL,
  "documentSha256" TEXT NOT NULL,
  "documentBlob" TEXT,
  "retention" TEXT NOT NULL,
  "pages" INTEGER NOT NULL,
  "pagesSent" INTEGER,
  "coverPage" BOOLEAN NOT NULL DEFAULT false,
  "status" TEXT NOT NULL,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "provider" TEXT NOT NULL,
  "providerFaxId" TEXT,
  "failureReason" TEXT,
  "callbackUrl" TEXT,
  "pricePerPageMicros" INTEGER NOT NULL,
  "chargedMicros" INTEGER,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMP(3) NOT NULL,
  "sentAt" TIMESTAMP(3),
  "deliveredAt" TIMESTAMP(3),
  "failedAt" TIMESTAMP(3),
  "documentsDeletedAt" TIMESTAMP(3)
);
CREATE UNIQUE INDEX "Fax_paymentId_key" ON "Fax"("paymentId");
CREATE UNIQUE INDEX "Fax_providerFaxId_key" ON "Fax"("providerFaxId");
CREATE INDEX "Fax_ownerId_createdAt_idx" ON "Fax"("ownerId", "createdAt");
CREATE INDEX "Fax_documentSha256_destinationHash_createdAt_idx" ON "Fax"("documentSha256", "destinationHash", "createdAt");

CREATE TABLE "FaxWebhookEvent" (
  "id" TEXT PRIMARY KEY,
  "faxId" TEXT,
  "type" TEXT NOT NULL,
  "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- An x402 refund is an on-chain transfer: its transaction hash.
ALTER TABLE "PaymentRefund" ADD COLUMN "transaction" TEXT;
