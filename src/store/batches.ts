// Batch rows as the use cases read them, where a row's PDF is kept, and how a row's outcome is
// written. A filled row's blob is its delta: the incremental update appended to the batch's
// template (`row-N.delta`); its PDF is the template's bytes followed by the delta's. Rows filled
// before deltas hold their whole PDF (`row-N.pdf`) and are read as they are.
import { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import type { Prisma } from './db.ts';
import { notFound } from '../domain/errors.ts';

/** Where a row's delta is kept: prefix + row + suffix. */
export const batchRowBlobName = (ownerId: string, batchId: string) => ({ prefix: `${ownerId}/batches/${batchId}/row-`, suffix: '.delta' });
export const batchRowBlob = (ownerId: string, batchId: string, row: number) => {
  const { prefix, suffix } = batchRowBlobName(ownerId, batchId);
  return `${prefix}${row}${suffix}`;
};

const isDelta = (blob: string) => blob.endsWith('.delta');

/** A filled row's PDF as a stream: the template, then the row's delta (or a whole PDF of old). */
export async function streamRowPdf(ctx: AppContext, templateBlob: string | null, rowBlob: string): Promise<Readable> {
  if (!isDelta(rowBlob)) return ctx.blobs.stream(rowBlob);
  const parts = [await ctx.blobs.stream(templateBlob!), await ctx.blobs.stream(rowBlob)];
  // Destroying the result ends the generator, which destroys the part being read; the other is destroyed here.
  const out = Readable.from((async function* () {
    for (const part of parts) yield* part;
  })());
  out.on('close', () => parts.forEach((p) => p.destroy()));
  return out;
}

/** A filled row's PDF as parts to write one after the other (the template is shared, not copied). */
export async function rowPdfParts(ctx: AppContext, template: () => Promise<Uint8Array>, rowBlob: string): Promise<Uint8Array[]> {
  if (!isDelta(rowBlob)) return [await ctx.blobs.get(rowBlob)];
  return [await template(), await ctx.blobs.get(rowBlob)];
}

/**
 * Rows the form refused, each with its reason: moved from pending to failed and counted into the
 * batch's `failed` in one statement (only rows still pending move, so a retry counts none twice).
 * Returns the statement unrun, for the caller's $transaction.
 */
export function markBatchRowsFailed(db: Prisma, batchId: string, failed: { row: number; error: string }[]) {
  const rows = failed.map((f) => f.row);
  const errors = failed.map((f) => f.error);
  return db.$executeRaw`
    WITH moved AS (
      UPDATE "BatchRow" r SET status = 'failed', error = f.error, "updatedAt" = now() AT TIME ZONE 'UTC'
      FROM unnest(${rows}::int[], ${errors}::text[]) AS f("row", error)
      WHERE r."batchId" = ${batchId} AND r."row" = f."row" AND r.status = 'pending'
      RETURNING r."row")
    UPDATE "Batch" SET failed = failed + (SELECT count(*) FROM moved)::int WHERE id = ${batchId}`;
}

/** The caller's batch, or not_found (also when it is someone else's). */
export async function ownedBatch(ctx: AppContext, ownerId: string, batchId: string) {
  const batch = await ctx.db.batch.findFirst({ where: { id: batchId, ownerId } });
  if (!batch) throw notFound('batch');
  return batch;
}
