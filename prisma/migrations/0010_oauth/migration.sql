-- The OAuth 2.1 authorization server (src/oauth, on oidc-provider): clients registered
-- dynamically, grants, codes, tokens, and the library's own sessions and interactions, one row
-- per object. Clients given by a Client ID Metadata Document are fetched, not stored.
CREATE TABLE "OAuthRecord" (
  "model" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "grantId" TEXT,
  "uid" TEXT,
  "userId" TEXT,
  "expiresAt" TIMESTAMP(3),
  "consumedAt" TIMESTAMP(3),
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("model", "id")
);
CREATE INDEX "OAuthRecord_grantId_idx" ON "OAuthRecord"("grantId");
CREATE INDEX "OAuthRecord_uid_idx" ON "OAuthRecord"("uid");
CREATE INDEX "OAuthRecord_model_userId_idx" ON "OAuthRecord"("model", "userId");
CREATE INDEX "OAuthRecord_expiresAt_idx" ON "OAuthRecord"("expiresAt");
