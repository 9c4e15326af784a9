// A fax whose final webhook did not come (lost, or the provider's retries gave up): the provider
// is asked. Delivered and failed are applied as a webhook would (without a transmitted page count,
// a delivery counts the fax's pages); still open, it is looked at again, and after
// FAX_WATCH_CHECKS looks it is given up as failed (no_final_status), which frees its document and
// refunds a paid one.
import type { AppContext } from '../../context.ts';
import { requireFax } from './create-fax.ts';
import { deliverFax, failFax } from './finish-fax.ts';
import { watchFax } from './submit-fax.ts';

export async function checkFax(ctx: AppContext, faxId: string, check: number): Promise<string> {
  const fax = await ctx.db.fax.findUnique({ where: { id: faxId } });
  if (!fax || fax.status !== 'sending' || !fax.providerFaxId) return 'nothing to check';
  const { state, reason } = await requireFax(ctx).provider.status(fax.providerFaxId);
  if (state === 'delivered') await deliverFax(ctx, fax, fax.pages);
  else if (state === 'failed') await failFax(ctx, fax, reason ?? 'unknown', { refund: true });
  else if (check >= ctx.config.FAX_WATCH_CHECKS) await failFax(ctx, fax, 'no_final_status', { refund: true });
  else await watchFax(ctx, fax, check + 1);
  return state;
}
