-- Account holders on the web (dashboard): people who sign in with an email and a password, the
-- sessions of their browsers, and the one-time links mailed to them (verify email, reset password).
CREATE TABLE "User" (
  "id" TEXT PRIMARY KEY,
  "accountId" TEXT NOT NULL REFERENCES "Account"("id") ON DELETE CASCADE,
  "email" TEXT NOT NULL,
  "passwordHash" TEXT NOT NULL,
  "emailVerifiedAt" TIMESTAMP(3),
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE INDEX "User_accountId_idx" ON "User"("accountId");

CREATE TABLE "WebSession" (
  "id" TEXT PRIMARY KEY,
  "data" JSONB NOT NULL,
  "expiresAt" TIMESTAMP(3) NOT NULL
);
CREATE INDEX "WebSession_expiresAt_idx" ON "WebSession"("expiresAt");

CREATE TABLE "EmailToken" (
  "hash" TEXT PRIMARY KEY,
  "userId" TEXT NOT NULL REFERENCES "User"("id") ON DELETE CASCADE,
  "purpose" TEXT NOT NULL,
  "expiresAt" TIMESTAMP(3) NOT NULL,
  "usedAt" TIMESTAMP(3),
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "EmailToken_userId_idx" ON "EmailToken"("userId");

-- Secrets the web layer makes once and every process shares (the session cookie signing key,
-- unless SESSION_SECRET is set).
CREATE TABLE "WebSetting" (
  "name" TEXT PRIMARY KEY,
  "value" TEXT NOT NULL
);
