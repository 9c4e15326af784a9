CREATE TABLE "A2aTask" (
  "id" TEXT PRIMARY KEY,
  "ownerId" TEXT NOT NULL,
  "contextId" TEXT NOT NULL,
  "state" TEXT NOT NULL,
  "task" JSONB NOT NULL,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMP(3) NOT NULL
);
CREATE INDEX "A2aTask_ownerId_contextId_idx" ON "A2aTask"("ownerId", "contextId");

CREATE TABLE "A2aPushConfig" (
  "taskId" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "ownerId" TEXT NOT NULL,
  "url" TEXT NOT NULL,
  "config" JSONB NOT NULL,
  "wireVersion" TEXT NOT NULL,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("taskId", "id")
);
CREATE INDEX "A2aPushConfig_ownerId_idx" ON "A2aPushConfig"("ownerId");
