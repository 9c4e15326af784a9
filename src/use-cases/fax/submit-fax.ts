// Hands a queued fax to the provider: a short-lived signed URL to its document and the webhook
// address. Called by the fax.send job (accounts) and inside the paid request (pay-per-call, so
// x402 settles only after the provider accepted the fax).
import type { AppContext } from '../../context.ts';
import type { Fax } from '../../generated/prisma/client.ts';
import { mediaUrl } from '../../fax/links.ts';
import { requireFax } from './create-fax.ts';

export const FAX_WEBHOOK_PATH = '/fax/webhooks/telnyx';

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
  return ctx.db.fax.findUniqueOrThrow({ where: { id: faxId } });
}
