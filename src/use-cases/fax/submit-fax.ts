// Hands a queued fax to the provider: a short-lived signed URL to its document and the webhook
// address. Called by the fax.send job (accounts) and inside the paid request (pay-per-call, so
// x402 settles only after the provider accepted the fax).
import type { AppContext } from '../../context.ts';
import type { Fax } from '../../generated/prisma/client.ts';
import { mediaUrl } from '../../fax/links.ts';
import { requireFax } from './create-fax.ts';

export const FAX_WEBHOOK_PATH = '/fax/webhooks/telnyx';
export const FAX_WATCH_JOB = 'fax.watch';

/** Looks at the fax again in FAX_WATCH_SECONDS, in case its final webhook never comes. */
export async function watchFax(ctx: AppContext, fax: Fax, check: number): Promise<void> {
  await ctx.queue.enqueue(FAX_WATCH_JOB, { faxId: fax.id, check }, { jobId: `fax-watch-${fax.id}-${fax.attempts}-${check}`, ownerId: fax.ownerId, delayMs: ctx.config.FAX_WATCH_SECONDS * 1000 });
}

/**
 * Sends the fax when it is queued and not yet with the provider; returns the row as it is then.
 * Throws FaxProviderError when the provider refused or could not be reached.
 */
export async function submitFax(ctx: AppContext, faxId: string): Promise<Fax> {
  const s = requireFax(ctx);
  const fax = await ctx.db.fax.findUniqueOrThrow({ where: { id: faxId } });
  // Already with the provider (a webhook of this attempt arrived), final, or its document gone.
  if (fax.status !== 'queued' || fax.providerFaxId || !fax.documentBlob || !fax.destination) return fax;
  const base = ctx.config.PUBLIC_BASE_URL;
  const { providerFaxId } = await s.provider.send({
    faxId,
    to: fax.destination,
    mediaUrl: mediaUrl(base, s.secret, faxId, ctx.config.FAX_MEDIA_URL_TTL_SECONDS),
    webhookUrl: `${base}${FAX_WEBHOOK_PATH}`,
  });
  await ctx.db.fax.updateMany({
    where: { id: faxId, status: 'queued' },
    data: { status: 'sending', providerFaxId, attempts: { increment: 1 }, sentAt: new Date() },
  });
  const sent = await ctx.db.fax.findUniqueOrThrow({ where: { id: faxId } });
  await watchFax(ctx, sent, 1);
  return sent;
}
