// GET /forms/fill-batch/{batch_id}/rows/{n}/pdf: one filled row's PDF, as a stream.
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { ownedBatch, streamRowPdf } from '../../store/batches.ts';

export async function getBatchRowPdf(ctx: AppContext, ownerId: string, batchId: string, row: number): Promise<Readable> {
  const batch = await ownedBatch(ctx, ownerId, batchId);
  const r = await ctx.db.batchRow.findUnique({ where: { batchId_row: { batchId, row } } });
  if (!r || r.status !== 'filled' || !r.pdfBlob) throw new DomainError('not_found', 'not_found', `Row ${row} of this batch has no filled PDF.`);
  return streamRowPdf(ctx, batch.templateBlob, r.pdfBlob); // the template, then the row's delta
}
