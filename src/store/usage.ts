// Billed actions (§8.2), counted per account and calendar month (UTC). One event per kind and
// subject, so a retried job never bills twice. The subjects: a form (create), a context job
// (with_context), a session (standard_fill), a batch row (standard_fill, `${batchId}:${row}`),
// a request (verify, read, and the context fill a mapping suggestion bills).
import { randomUUID } from 'node:crypto';
import type { Prisma } from './db.ts';

export const USAGE_KINDS = ['create', 'with_context', 'standard_fill', 'verify', 'read', 'fax_page'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export const periodOf = (d: Date) => d.toISOString().slice(0, 7);

type Tx = Pick<Prisma, 'usageEvent'>;

export async function recordUsage(db: Tx, e: { ownerId: string; kind: UsageKind; subjectId: string; units?: number }): Promise<void> {
  await db.usageEvent.createMany({
    data: [{ id: randomUUID(), ownerId: e.ownerId, kind: e.kind, subjectId: e.subjectId, units: e.units ?? 1, period: periodOf(new Date()) }],
    skipDuplicates: true,
  });
}

/** A billed action that failed on our side is not charged. */
export async function voidUsage(db: Tx, kind: UsageKind, subjectId: string): Promise<void> {
  await db.usageEvent.updateMany({ where: { kind, subjectId, voidedAt: null }, data: { voidedAt: new Date() } });
}

export async function usageFor(db: Prisma, ownerId: string, period = periodOf(new Date())) {
  const rows = await db.usageEvent.groupBy({ by: ['kind'], where: { ownerId, period, voidedAt: null }, _sum: { units: true } });
  const counts = Object.fromEntries(USAGE_KINDS.map((k) => [k, 0])) as Record<UsageKind, number>;
  for (const r of rows) counts[r.kind as UsageKind] = r._sum.units ?? 0;
  return { owner: ownerId, period, ...counts };
}

/**
 * How a batch row is billed: a row moves from pending to filled and bills one standard fill, in one
 * statement. The UPDATE only moves rows still `pending` and returns the ones it moved; exactly
 * those are billed (subject `${batchId}:${row}`) and counted into the batch's `filled`, so a row is
 * billed and counted once however often its job runs. The work is per row moved: nothing else of
 * the batch is rewritten. One statement rather than an interactive transaction, whose 5 s limit a
 * loaded machine can exceed. Returns the statement unrun, for the caller's $transaction with its
 * other marks.
 */
export function markBatchRowsFilledAndBill(db: Prisma, input: { ownerId: string; batchId: string; rows: number[]; rowBlob: { prefix: string; suffix: string } }) {
  const { ownerId, batchId, rows, rowBlob } = input;
  // "pdfBlob" is the prefix, the row and the suffix (store/batches.ts batchRowBlob); timestamps are UTC, as Prisma writes them.
  return db.$executeRaw`
    WITH moved AS (
      UPDATE "BatchRow" SET status = 'filled', "pdfBlob" = ${rowBlob.prefix} || "row"::text || ${rowBlob.suffix}, error = NULL, "updatedAt" = now() AT TIME ZONE 'UTC'
      WHERE "batchId" = ${batchId} AND "row" = ANY(${rows}::int[]) AND status = 'pending'
      RETURNING "row"),
    counted AS (
      UPDATE "Batch" SET filled = filled + (SELECT count(*) FROM moved)::int WHERE id = ${batchId})
    INSERT INTO "UsageEvent" (id, "ownerId", kind, units, period, "subjectId")
    SELECT gen_random_uuid()::text, ${ownerId}, 'standard_fill', 1, ${periodOf(new Date())}, ${batchId} || ':' || "row"::text FROM moved
    ON CONFLICT DO NOTHING`;
}
