// GET /forms/fill-batch/{batch_id}/zip: the filled rows, each with a loader for its PDF, in row order.
import type { AppContext } from '../../context.ts';
import { ownedBatch } from '../../store/batches.ts';

export async function listFilledRows(ctx: AppContext, ownerId: string, batchId: string): Promise<{ row: number; load: () => Promise<Uint8Array> }[]> {
  await ownedBatch(ctx, ownerId, batchId);
  const rows = await ctx.db.batchRow.findMany({ where: { batchId, status: 'filled' }, orderBy: { row: 'asc' }, select: { row: true, pdfBlob: true } });
  return rows.filter((r) => r.pdfBlob).map((r) => ({ row: r.row, load: () => ctx.blobs.get(r.pdfBlob!) }));
}
