// Batch rows as the use cases read them, and where a row's PDF is kept.
import type { AppContext } from '../context.ts';
import { notFound } from '../domain/errors.ts';

export const batchRowBlobPrefix = (ownerId: string, batchId: string) => `${ownerId}/batches/${batchId}/row-`;
export const batchRowBlob = (ownerId: string, batchId: string, row: number) => `${batchRowBlobPrefix(ownerId, batchId)}${row}.pdf`;

/** The caller's batch, or not_found (also when it is someone else's). */
export async function ownedBatch(ctx: AppContext, ownerId: string, batchId: string) {
  const batch = await ctx.db.batch.findFirst({ where: { id: batchId, ownerId } });
  if (!batch) throw notFound('batch');
  return batch;
}
