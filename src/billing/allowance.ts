// The free tier of account holders (§5, §7, §8.2): without a payment method on file, each kind of
// billed action has a monthly free allowance, and prepare/verify are limited to documents of at
// most 5 pages. Routes call assertBillable before doing billable work; it throws a 402 whose body
// is { error: {code, message}, detail: {code, message, billing_url} }.
//
// The limits apply when Stripe billing is configured (STRIPE_SECRET_KEY): without it there is no
// way to add a payment method, so a self-hosted deployment is not capped (usage is still counted).
import type { ErrorRequestHandler } from 'express';
import type { AppContext } from '../context.ts';
import { DomainError } from '../domain/errors.ts';
import { periodOf } from '../store/usage.ts';
import { priceList, type PriceKind } from '../payments/pricing.ts';
import { USAGE_KIND_OF } from './kinds.ts';
import { kickMeterReport } from './meter.ts';

export class BillingRequiredError extends DomainError {
  constructor(
    readonly detailCode: 'free_allowance_used' | 'free_tier_page_cap',
    message: string,
    readonly billingUrl: string,
  ) {
    super('payment_required', 'payment_required', message);
  }

  body() {
    return {
      error: { code: this.code, message: this.message },
      detail: { code: this.detailCode, message: this.message, billing_url: this.billingUrl },
    };
  }
}

export const billingUrl = (ctx: AppContext) => ctx.config.BILLING_URL ?? `${ctx.config.PUBLIC_BASE_URL}/dashboard/billing`;

export const freeTierEnforced = (ctx: AppContext) => Boolean(ctx.config.STRIPE_SECRET_KEY);

/**
 * Throws BillingRequiredError (402) when an account without a payment method may not do one more
 * action of `kind`: its monthly free allowance of that kind is used up, or (prepare, verify) the
 * documents have more pages than the free tier's cap. `pages` is the form's pages plus those of
 * any supporting documents; it only matters for page-capped kinds. `units` is what the action
 * will count (fax: transmitted pages).
 */
export async function assertBillable(ctx: AppContext, accountId: string, kind: PriceKind, pages?: number, units = 1): Promise<void> {
  if (!freeTierEnforced(ctx)) return;
  const account = await ctx.db.account.findUnique({ where: { id: accountId }, select: { hasPaymentMethod: true } });
  if (!account) throw new Error(`assertBillable: no account ${accountId}`);
  if (!account.hasPaymentMethod) {
    const list = priceList();
    const cap = list.accounts.free_tier_page_cap;
    if (list.accounts.page_capped_kinds.includes(kind)) {
      if (pages === undefined) throw new Error(`assertBillable: pages are required for ${kind}`);
      if (pages > cap) {
        throw new BillingRequiredError('free_tier_page_cap', `The free tier handles documents of up to ${cap} pages; these have ${pages}. Add a payment method to continue.`, billingUrl(ctx));
      }
    }
    const allowance = list.accounts.monthly_free_allowance[kind];
    const period = periodOf(new Date());
    const used = await ctx.db.usageEvent.aggregate({
      where: { ownerId: accountId, kind: USAGE_KIND_OF[kind], period, voidedAt: null },
      _sum: { units: true },
    });
    const count = used._sum.units ?? 0;
    if (count + units > allowance) {
      throw new BillingRequiredError(
        'free_allowance_used',
        `The free allowance of ${allowance} ${kind} action(s) for ${period} is used up (${count} used). Add a payment method to continue.`,
        billingUrl(ctx),
      );
    }
  }
  // The action is about to be recorded: make sure the meter outbox is drained soon after.
  await kickMeterReport(ctx);
}

/** Writes BillingRequiredError in its own body shape; everything else goes to the next handler. */
export const billingErrorHandler: ErrorRequestHandler = (err, _req, res, next) => {
  if (!(err instanceof BillingRequiredError) || res.headersSent) return next(err);
  res.status(402).json(err.body());
};
