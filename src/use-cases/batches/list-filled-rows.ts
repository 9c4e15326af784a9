// GET /forms/fill-batch/{batch_id}/zip: the filled rows, each with a loader for its PDF's parts (the
// batch's template, loaded once and shared, then the row's delta), in row order.
import type { AppContext } from '../../context.ts';
import { ownedBatch, rowPdfParts } from '../../store/batches.ts';

export async function listFilledRows(ctx: AppContext, ownerId: string, batchId: string): Promise<{ row: number; load: () => Promise<Uint8Array[]> }[]> {
  const batch = await ownedBatch(ctx, ownerId, batchId);
  const rows = await ctx.db.batchRow.findMany({ where: { batchId, status: 'filled' }, orderBy: { row: 'asc' }, select: { row: true, pdfBlob: true } });
  let template: Promise<Uint8Array> | undefined;
  const loadTemplate = () => (template ??= ctx.blobs.get(batch.templateBlob!));
  return rows.filter((r) => r.pdfBlob).map((r) => ({ row: r.row, load: () => rowPdfParts(ctx, loadTemplate, r.pdfBlob!) }));
}
