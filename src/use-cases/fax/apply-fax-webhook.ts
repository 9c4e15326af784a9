// A provider webhook (POST /fax/webhooks/telnyx): the signature and timestamp are checked before
// anything else, each event id is applied once (a replay answers 200 and changes nothing), and
// the fax moves on: sending, delivered (billed), or failed, in which case a line failure (busy,
// no answer …) is sent again until FAX_MAX_ATTEMPTS and anything else ends the fax.
import type { AppContext } from '../../context.ts';
import { RETRYABLE_FAILURES, type FaxProviderEvent } from '../../fax/provider.ts';
import { requireFax } from './create-fax.ts';
import { deliverFax, failFax } from './finish-fax.ts';

export const FAX_SEND_JOB = 'fax.send';

export type WebhookOutcome = 'applied' | 'replayed' | 'ignored';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002' || /unique constraint/i.test((err as Error).message ?? '');

/** Throws FaxWebhookRejected (bad signature, stale timestamp) before touching any state. */
export async function applyFaxWebhook(ctx: AppContext, rawBody: Buffer, headers: Record<string, string>): Promise<WebhookOutcome> {
  const s = requireFax(ctx);
  const event = await s.provider.readWebhook(rawBody, headers);
  if (!event) return 'ignored';
  const fax =
    (await ctx.db.fax.findUnique({ where: { providerFaxId: event.providerFaxId } })) ??
    (event.faxId && /^[0-9a-f-]{36}$/.test(event.faxId) ? await ctx.db.fax.findUnique({ where: { id: event.faxId } }) : null);
  if (!fax) return 'ignored';
  try {
    await ctx.db.faxWebhookEvent.create({ data: { id: event.eventId, faxId: fax.id, type: event.type } });
  } catch (err) {
    if (isUniqueViolation(err)) return 'replayed';
    throw err;
  }
  try {
    return await apply(ctx, fax.id, event);
  } catch (err) {
    // Not applied: let the provider's retry of this event try again.
    await ctx.db.faxWebhookEvent.delete({ where: { id: event.eventId } }).catch(() => undefined);
    throw err;
  }
}

async function apply(ctx: AppContext, faxId: string, event: FaxProviderEvent): Promise<WebhookOutcome> {
  let fax = await ctx.db.fax.findUniqueOrThrow({ where: { id: faxId } });
  if (fax.status === 'delivered' || fax.status === 'failed') return 'ignored';
  if (!fax.providerFaxId) {
    // The answer to our send was lost but the provider has the fax: this is its id.
    await ctx.db.fax.updateMany({ where: { id: faxId, providerFaxId: null }, data: { providerFaxId: event.providerFaxId, status: 'sending', attempts: { increment: 1 }, sentAt: new Date() } });
    fax = await ctx.db.fax.findUniqueOrThrow({ where: { id: faxId } });
  }
  // An event of an earlier attempt of a fax that was sent again.
  if (fax.providerFaxId !== event.providerFaxId) return 'ignored';

  switch (event.type) {
    case 'queued':
      return 'applied';
    case 'sending':
      await ctx.db.fax.updateMany({ where: { id: faxId, status: 'queued' }, data: { status: 'sending' } });
      return 'applied';
    case 'delivered':
      await deliverFax(ctx, fax, event.pages ?? fax.pages);
      return 'applied';
    case 'failed': {
      const reason = event.reason ?? 'unknown';
      if (RETRYABLE_FAILURES.has(reason) && fax.attempts < ctx.config.FAX_MAX_ATTEMPTS && fax.documentBlob) {
        const requeued = await ctx.db.fax.updateMany({
          where: { id: faxId, providerFaxId: event.providerFaxId, status: { in: ['queued', 'sending'] } },
          data: { status: 'queued', providerFaxId: null, failureReason: reason },
        });
        if (requeued.count === 1) {
          await ctx.queue.enqueue(FAX_SEND_JOB, { faxId }, { jobId: `fax-send-${faxId}-${fax.attempts + 1}`, ownerId: fax.ownerId, delayMs: ctx.config.FAX_RETRY_DELAY_MS });
        }
        return 'applied';
      }
      await failFax(ctx, fax, reason, { pagesSent: event.pages, refund: true });
      return 'applied';
    }
  }
}
