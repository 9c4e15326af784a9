// GET /forms/fill-batch/{batch_id}/zip?follow=true: the batch's filled rows as they are filled, in
// row order, each with a loader for its PDF's parts (the batch's template, loaded once and
// shared, then the row's delta), ending when the batch does. The zip can then stream while the
// batch fills instead of after it: the rows' bytes (2 GB for 1000 rows of a 2 MB form) leave
// while the later rows are written. Row order is kept (a row is given once every row before it
// is filled or failed), so the zip is the one the batch gives once complete.
import type { AppContext } from '../../context.ts';
import { ownedBatch, rowPdfParts } from '../../store/batches.ts';

export interface FilledRow {
  row: number;
  load: () => Promise<Uint8Array[]>;
}

/** Checks the batch is the caller's (not_found otherwise), then follows it until `signal` aborts or the batch ends. */
export async function followFilledRows(ctx: AppContext, ownerId: string, batchId: string, signal: AbortSignal): Promise<AsyncIterable<FilledRow>> {
  const batch = await ownedBatch(ctx, ownerId, batchId);
  let template: Promise<Uint8Array> | undefined;
  const loadTemplate = () => (template ??= ctx.blobs.get(batch.templateBlob!));
  return (async function* () {
    let next = 1; // rows are numbered 1…total; every row before `next` has been given or skipped
    while (next <= batch.total && !signal.aborted) {
      // The status first: a batch seen ended has every row it will ever fill already marked.
      const { status } = await ctx.db.batch.findUniqueOrThrow({ where: { id: batchId }, select: { status: true } });
      const ended = status !== 'processing';
      const rows = await ctx.db.batchRow.findMany({
        where: { batchId, row: { gte: next }, ...(ended ? { status: 'filled' } : { status: { not: 'pending' } }) },
        orderBy: { row: 'asc' },
        select: { row: true, status: true, pdfBlob: true },
      });
      for (const r of rows) {
        if (!ended && r.row !== next) break; // a row before it is still pending
        next = r.row + 1;
        if (r.status === 'filled' && r.pdfBlob) yield { row: r.row, load: () => rowPdfParts(ctx, loadTemplate, r.pdfBlob!) };
      }
      if (ended) return;
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_POLL_MS));
    }
  })();
}

/** How often a followed batch is asked for newly settled rows. */
const FOLLOW_POLL_MS = 200;
