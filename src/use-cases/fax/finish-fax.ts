// The two ends of a fax. Delivered: billed per transmitted page (accounts: a fax_page usage event,
// which the meter outbox reports to Stripe; a paid call: the pages not transmitted are refunded);
// failed: nothing billed, and a paid fax is refunded in full.
// Either way the account's callback goes out and, under ephemeral retention, the document and
// the full number are deleted while the record stays.
import type { AppContext } from '../../context.ts';
import type { Fax } from '../../generated/prisma/client.ts';
import { recordUsage } from '../../store/usage.ts';
import { kickMeterReport } from '../../billing/meter.ts';
import { queueCallback } from '../callbacks/queue-callback.ts';

export const FAX_REFUND_JOB = 'fax.refund';

export async function deliverFax(ctx: AppContext, fax: Fax, pagesSent: number): Promise<void> {
  const pages = Math.max(0, Math.min(pagesSent, fax.pages));
  // The pages that went through, at the per-page price the fax was accepted with.
  const charged = pages * fax.pricePerPageMicros;
  const done = await ctx.db.$transaction(async (tx) => {
    const moved = await tx.fax.updateMany({
      where: { id: fax.id, status: { in: ['queued', 'sending'] } },
      data: { status: 'delivered', pagesSent: pages, deliveredAt: new Date(), chargedMicros: charged, failureReason: null },
    });
    if (moved.count === 0) return false;
    if (fax.ownerId && pages > 0) await recordUsage(tx, { ownerId: fax.ownerId, kind: 'fax_page', subjectId: fax.id, units: pages });
    return true;
  });
  if (!done) return;
  if (fax.ownerId) await kickMeterReport(ctx);
  if (fax.paymentId && pages < fax.pages) await ctx.queue.enqueue(FAX_REFUND_JOB, { faxId: fax.id }, { jobId: `fax-refund-${fax.id}` });
  await afterFinal(ctx, fax.id, 'fax.delivered');
}

export async function failFax(ctx: AppContext, fax: Fax, reason: string, options: { pagesSent?: number; refund: boolean }): Promise<void> {
  const moved = await ctx.db.fax.updateMany({
    where: { id: fax.id, status: { in: ['queued', 'sending'] } },
    data: { status: 'failed', failedAt: new Date(), failureReason: reason.slice(0, 200), pagesSent: options.pagesSent ?? null, chargedMicros: 0 },
  });
  if (moved.count === 0) return;
  if (fax.paymentId && options.refund) {
    // Through a job: the payment may still be settling when a fast failure comes in.
    await ctx.queue.enqueue(FAX_REFUND_JOB, { faxId: fax.id }, { jobId: `fax-refund-${fax.id}` });
  }
  await afterFinal(ctx, fax.id, 'fax.failed');
}

async function afterFinal(ctx: AppContext, faxId: string, event: 'fax.delivered' | 'fax.failed'): Promise<void> {
  const fax = await ctx.db.fax.findUniqueOrThrow({ where: { id: faxId } });
  if (fax.ownerId && fax.callbackUrl) {
    const body =
      event === 'fax.delivered'
        ? { event, status: 'delivered', fax_id: fax.id, pages_sent: fax.pagesSent }
        : { event, status: 'failed', fax_id: fax.id, pages_sent: fax.pagesSent, error: { code: 'fax_failed', message: `The fax could not be delivered (${fax.failureReason}).` }, failure_reason: fax.failureReason };
    await queueCallback(ctx, fax.ownerId, fax.callbackUrl, body);
  }
  if (fax.retention === 'ephemeral') await deleteFaxDocument(ctx, fax);
}

/** Ephemeral retention: the document and the full number go; masked number, pages and state stay. */
export async function deleteFaxDocument(ctx: AppContext, fax: Fax): Promise<void> {
  if (fax.documentBlob) await ctx.blobs.delete(fax.documentBlob).catch(() => undefined);
  await ctx.db.fax.update({ where: { id: fax.id }, data: { documentBlob: null, destination: null, documentsDeletedAt: new Date() } });
}
