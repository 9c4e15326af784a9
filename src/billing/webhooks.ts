// Stripe webhooks that change whether an account can be billed. Every relevant event triggers a
// re-read of the customer's payment methods from Stripe (the source of truth), so events that
// arrive twice or out of order still leave Account.hasPaymentMethod right. A customer is linked
// to an account by Account.stripeCustomerId, or on first sight by metadata.account_id (customer
// events) / client_reference_id (Checkout sessions).
import type Stripe from 'stripe';
import type { AppContext } from '../context.ts';

const RELEVANT = new Set([
  'payment_method.attached',
  'payment_method.detached',
  'payment_method.updated',
  'setup_intent.succeeded',
  'checkout.session.completed',
  'customer.created',
  'customer.updated',
  'customer.deleted',
]);

export interface WebhookOutcome {
  handled: boolean;
  duplicate?: boolean;
  accountId?: string;
  hasPaymentMethod?: boolean;
}

export async function handleStripeEvent(ctx: AppContext, stripe: Stripe, event: Stripe.Event): Promise<WebhookOutcome> {
  if (await ctx.db.stripeWebhookEvent.findUnique({ where: { id: event.id } })) return { handled: false, duplicate: true };
  if (!RELEVANT.has(event.type)) {
    await remember(ctx, event);
    return { handled: false };
  }
  const obj = event.data.object as unknown as Record<string, unknown>;
  const previous = (event.data as { previous_attributes?: Record<string, unknown> }).previous_attributes ?? {};
  const customerId = idOf(event.type.startsWith('customer.') ? obj.id : obj.customer) ?? idOf(previous.customer);
  if (!customerId) {
    await remember(ctx, event);
    return { handled: false };
  }
  const linkTo = event.type.startsWith('customer.') ? stringOf((obj.metadata as Record<string, unknown> | undefined)?.account_id) : event.type === 'checkout.session.completed' ? stringOf(obj.client_reference_id) : undefined;
  let account = await ctx.db.account.findFirst({ where: { stripeCustomerId: customerId } });
  if (!account && linkTo) {
    const candidate = await ctx.db.account.findUnique({ where: { id: linkTo } });
    if (candidate && !candidate.stripeCustomerId) account = await ctx.db.account.update({ where: { id: candidate.id }, data: { stripeCustomerId: customerId } });
  }
  if (!account) {
    ctx.log.warn({ event: event.id, type: event.type }, 'stripe webhook for a customer no account knows');
    await remember(ctx, event);
    return { handled: false };
  }
  const has = event.type === 'customer.deleted' ? false : await customerHasPaymentMethod(stripe, customerId);
  if (account.hasPaymentMethod !== has) {
    await ctx.db.account.update({ where: { id: account.id }, data: { hasPaymentMethod: has } });
    ctx.log.info({ account: account.id, hasPaymentMethod: has, event: event.type }, 'payment method state changed');
  }
  await remember(ctx, event);
  return { handled: true, accountId: account.id, hasPaymentMethod: has };
}

async function customerHasPaymentMethod(stripe: Stripe, customerId: string): Promise<boolean> {
  const list = await stripe.customers.listPaymentMethods(customerId, { limit: 1 });
  return list.data.length > 0;
}

async function remember(ctx: AppContext, event: Stripe.Event): Promise<void> {
  await ctx.db.stripeWebhookEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
}

const stringOf = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const idOf = (v: unknown) => stringOf(v) ?? stringOf((v as { id?: unknown } | null | undefined)?.id);
