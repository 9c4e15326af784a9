// GET /forms/fill-batch/{batch_id}: the batch manifest, every row filled, failed (with the
// reason) or pending, and where each filled row's PDF is.
import type { AppContext } from '../../context.ts';
import { ownedBatch } from '../../store/batches.ts';

const rowPdfPath = (batchId: string, row: number) => `/forms/fill-batch/${batchId}/rows/${row}/pdf`;

export async function getBatch(ctx: AppContext, ownerId: string, batchId: string) {
  const batch = await ownedBatch(ctx, ownerId, batchId);
  const rows = await ctx.db.batchRow.findMany({ where: { batchId }, orderBy: { row: 'asc' }, select: { row: true, status: true, error: true } });
  const results = rows.map((r) => {
    if (r.status === 'filled') {
      return { row: r.row, status: 'filled' as const, pdf_url: rowPdfPath(batchId, r.row) };
    }
    if (r.status === 'failed') {
      return { row: r.row, status: 'failed' as const, error: r.error ?? 'failed' };
    }
    return { row: r.row, status: 'pending' as const };
  });
  return {
    batch_id: batch.id,
    form_id: batch.formId,
    status: batch.status as 'processing' | 'complete' | 'failed',
    total: batch.total,
    filled: batch.filled, // counted in the statements that move the rows
    failed: batch.failed,
    results,
    error: (batch.error as { code: string; message: string } | null) ?? null,
  };
}
