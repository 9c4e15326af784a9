// GET /forms/fill-batch/{batch_id}: the batch manifest, every row filled, failed (with the
// reason) or pending, and where each filled row's PDF is.
import type { AppContext } from '../../context.ts';
import { ownedBatch } from '../../store/batches.ts';
import type { BatchManifest, FinishedManifest } from '../../store/batch-manifest.ts';
import { notFound } from '../../domain/errors.ts';

const rowPdfPath = (batchId: string, row: number) => `/forms/fill-batch/${batchId}/rows/${row}/pdf`;

/**
 * The manifest; a finished batch's from this process's copy when it holds one (ctx.finishedBatches,
 * dropped as soon as the database reports a change to the batch), the owner checked either way.
 * The object returned is shared: callers must not change it.
 */
export async function getBatch(ctx: AppContext, ownerId: string, batchId: string): Promise<BatchManifest> {
  const found = await ctx.finishedBatches.read(batchId, () => buildManifest(ctx, ownerId, batchId), (m) => m.manifest.status !== 'processing');
  if (!found || found.ownerId !== ownerId) throw notFound('batch');
  return found.manifest;
}

async function buildManifest(ctx: AppContext, ownerId: string, batchId: string): Promise<FinishedManifest> {
  const batch = await ownedBatch(ctx, ownerId, batchId);
  // Rows are numbered 1..total when the batch is accepted and none is added or removed later, and
  // a filled row never goes back: only the rows not filled (pending, failed) are read, and every
  // other row number is a filled row. `filled` moves in the statements that fill rows, so when it
  // reaches the total no row is read at all: agents poll this, and a finished batch has 1000 rows.
  const open =
    batch.filled >= batch.total
      ? []
      : await ctx.db.batchRow.findMany({ where: { batchId, status: { not: 'filled' } }, select: { row: true, status: true, error: true } });
  const notFilled = new Map(open.map((r) => [r.row, r]));
  const results = Array.from({ length: batch.total }, (_, i) => {
    const n = i + 1;
    const r = notFilled.get(n);
    if (!r) return { row: n, status: 'filled' as const, pdf_url: rowPdfPath(batchId, n) };
    if (r.status === 'failed') return { row: n, status: 'failed' as const, error: r.error ?? 'failed' };
    return { row: n, status: 'pending' as const };
  });
  const manifest: BatchManifest = {
    batch_id: batch.id,
    form_id: batch.formId,
    status: batch.status as 'processing' | 'complete' | 'failed',
    total: batch.total,
    filled: batch.filled, // counted in the statements that move the rows
    failed: batch.failed,
    results,
    error: (batch.error as { code: string; message: string } | null) ?? null,
  };
  return { ownerId: batch.ownerId, manifest };
}
