-- Pay-per-call payments, refunds, the Stripe meter outbox and applied webhook events.

CREATE TABLE "Payment" (
  "id" TEXT PRIMARY KEY,
  "protocol" TEXT NOT NULL,
  "credentialKey" TEXT NOT NULL,
  "paymentIdentifier" TEXT,
  "route" TEXT NOT NULL,
  "documentSha256" TEXT NOT NULL,
  "pages" INTEGER NOT NULL,
  "amountMicros" INTEGER NOT NULL,
  "chargeAmount" INTEGER NOT NULL,
  "currency" TEXT NOT NULL,
  "network" TEXT,
  "payer" TEXT,
  "status" TEXT NOT NULL,
  "reference" TEXT,
  "receipt" TEXT,
  "error" JSONB,
  "responseBlob" TEXT,
  "responseExpiresAt" TIMESTAMP(3),
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMP(3) NOT NULL
);
CREATE UNIQUE INDEX "Payment_credentialKey_key" ON "Payment"("credentialKey");
CREATE UNIQUE INDEX "Payment_paymentIdentifier_key" ON "Payment"("paymentIdentifier");
CREATE INDEX "Payment_status_updatedAt_idx" ON "Payment"("status", "updatedAt");

CREATE TABLE "PaymentRefund" (
  "id" TEXT PRIMARY KEY,
  "paymentId" TEXT NOT NULL REFERENCES "Payment"("id") ON DELETE CASCADE,
  "stripeRefundId" TEXT,
  "amount" INTEGER NOT NULL,
  "status" TEXT NOT NULL,
  "reason" TEXT NOT NULL,
  "lastError" TEXT,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMP(3) NOT NULL
);
CREATE INDEX "PaymentRefund_paymentId_idx" ON "PaymentRefund"("paymentId");

CREATE TABLE "MeterOutbox" (
  "id" TEXT PRIMARY KEY,
  "usageEventId" TEXT NOT NULL,
  "action" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'pending',
  "note" TEXT,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lastError" TEXT,
  "sentAt" TIMESTAMP(3),
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "MeterOutbox_status_nextAttemptAt_idx" ON "MeterOutbox"("status", "nextAttemptAt");
CREATE INDEX "MeterOutbox_usageEventId_idx" ON "MeterOutbox"("usageEventId");

CREATE TABLE "StripeWebhookEvent" (
  "id" TEXT PRIMARY KEY,
  "type" TEXT NOT NULL,
  "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- The outbox is written by the database in the transaction that records (or voids) the billed
-- action, so no code path that bills can forget it and no crash can lose it.
CREATE FUNCTION "meter_outbox_from_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "MeterOutbox" ("id", "usageEventId", "action") VALUES ('use_' || NEW."id", NEW."id", 'report')
      ON CONFLICT ("id") DO NOTHING;
  ELSIF NEW."voidedAt" IS NOT NULL AND OLD."voidedAt" IS NULL THEN
    INSERT INTO "MeterOutbox" ("id", "usageEventId", "action") VALUES ('void_' || NEW."id", NEW."id", 'cancel')
      ON CONFLICT ("id") DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "UsageEvent_meter_outbox" AFTER INSERT OR UPDATE OF "voidedAt" ON "UsageEvent"
  FOR EACH ROW EXECUTE FUNCTION "meter_outbox_from_usage"();
