// A paid fax whose x402 payment could not be settled after the provider accepted it: the
// provider is asked to stop it, and the fax ends as failed (payment_not_settled).
import type { AppContext } from '../../context.ts';
import { requireFax } from './create-fax.ts';
import { failFax } from './finish-fax.ts';

export async function cancelUnpaidFax(ctx: AppContext, faxId: string): Promise<void> {
  const fax = await ctx.db.fax.findUnique({ where: { id: faxId } });
  if (!fax || fax.status === 'delivered' || fax.status === 'failed') return;
  const cancelled = fax.providerFaxId ? await requireFax(ctx).provider.cancel(fax.providerFaxId) : true;
  if (!cancelled) ctx.log.error({ fax: faxId }, 'an unpaid fax could not be cancelled at the provider');
  await failFax(ctx, fax, 'payment_not_settled', { refund: false });
}
