// A payment whose request then failed is refunded in full. The refund row is written first;
// Stripe is called at once with the row id as idempotency key, and on a transient failure
// (Stripe down) the payment.refund job keeps trying, so a charged failure is never forgotten.
// A settled x402 payment (a fax that failed after the provider took it) is refunded by a
// transfer back to the payer (x402-refunds.ts).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { stripeClient, isTransientStripeError } from '../billing/stripe.ts';
import type { sendX402Refund } from './x402-refunds.ts';

export const REFUND_JOB = 'payment.refund';

export interface RefundOutcome {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  stripeRefundId?: string;
}

/**
 * Records and starts the refund of a charged payment (card, or settled x402): in full, or
 * `amount` of it (in the payment's own unit: cents, or token atomic units) for work done in part.
 */
export async function refundPayment(ctx: AppContext, paymentId: string, reason: string, amount?: number): Promise<RefundOutcome> {
  const payment = await ctx.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
  const id = randomUUID();
  const full = amount === undefined || amount >= payment.chargeAmount;
  await ctx.db.$transaction([
    ctx.db.paymentRefund.create({ data: { id, paymentId, amount: full ? payment.chargeAmount : amount, status: 'pending', reason: reason.slice(0, 500) } }),
    ...(full ? [ctx.db.payment.update({ where: { id: paymentId }, data: { status: 'refund_pending' } })] : []),
  ]);
  const outcome = await executeRefund(ctx, id);
  if (outcome.status === 'pending') {
    await ctx.queue.enqueue(REFUND_JOB, { refundId: id }, { jobId: `refund-${id}`, delayMs: ctx.config.RETRY_BASE_MS });
  }
  return outcome;
}

/** A refund of the whole charge ends the payment as refunded; a partial one leaves it succeeded. */
const settledStatus = (refund: { amount: number; payment: { chargeAmount: number } }) => (refund.amount >= refund.payment.chargeAmount ? 'refunded' : 'succeeded');

/** One attempt; 'pending' means try again later. Throws nothing for Stripe answers. */
export async function executeRefund(ctx: AppContext, refundId: string): Promise<RefundOutcome> {
  const refund = await ctx.db.paymentRefund.findUniqueOrThrow({ where: { id: refundId }, include: { payment: true } });
  if (refund.status !== 'pending') return { id: refund.id, status: refund.status as RefundOutcome['status'], stripeRefundId: refund.stripeRefundId ?? undefined };
  if (refund.payment.protocol === 'x402') return executeX402Refund(ctx, refund);
  const stripe = stripeClient(ctx.config);
  if (!stripe || !refund.payment.reference) {
    await ctx.db.paymentRefund.update({ where: { id: refundId }, data: { status: 'failed', lastError: 'no Stripe client or PaymentIntent to refund' } });
    return { id: refundId, status: 'failed' };
  }
  try {
    const r = await stripe.refunds.create(
      { payment_intent: refund.payment.reference, amount: refund.amount, reason: 'requested_by_customer', metadata: { payment_id: refund.paymentId, refund_id: refund.id, reason: refund.reason.slice(0, 400) } },
      { idempotencyKey: `refund-${refund.id}` },
    );
    await ctx.db.$transaction([
      ctx.db.paymentRefund.update({ where: { id: refundId }, data: { status: 'succeeded', stripeRefundId: r.id, lastError: null } }),
      ctx.db.payment.update({ where: { id: refund.paymentId }, data: { status: settledStatus(refund) } }),
    ]);
    return { id: refundId, status: 'succeeded', stripeRefundId: r.id };
  } catch (err) {
    const message = (err as Error).message.slice(0, 1000);
    if (isTransientStripeError(err)) {
      await ctx.db.paymentRefund.update({ where: { id: refundId }, data: { lastError: message } });
      ctx.log.warn({ refund: refundId, err: message }, 'refund failed; will retry');
      return { id: refundId, status: 'pending' };
    }
    await ctx.db.paymentRefund.update({ where: { id: refundId }, data: { status: 'failed', lastError: message } });
    ctx.log.error({ refund: refundId, err: message }, 'refund rejected by Stripe');
    return { id: refundId, status: 'failed' };
  }
}

async function executeX402Refund(ctx: AppContext, refund: { id: string; amount: number; paymentId: string; transaction: string | null; payment: Parameters<typeof sendX402Refund>[1] & { chargeAmount: number } }): Promise<RefundOutcome> {
  // viem (~27 MB) is loaded for the first x402 refund, not by every process that may never send one.
  const { RefundWalletMissing, sendX402Refund } = await import('./x402-refunds.ts');
  try {
    const transaction = await sendX402Refund(ctx.config, refund.payment, refund.amount, refund.transaction, async (hash) => {
      await ctx.db.paymentRefund.update({ where: { id: refund.id }, data: { transaction: hash } });
    });
    await ctx.db.$transaction([
      ctx.db.paymentRefund.update({ where: { id: refund.id }, data: { status: 'succeeded', transaction, lastError: null } }),
      ctx.db.payment.update({ where: { id: refund.paymentId }, data: { status: settledStatus(refund) } }),
    ]);
    return { id: refund.id, status: 'succeeded' };
  } catch (err) {
    const message = (err as Error).message.slice(0, 1000);
    if (err instanceof RefundWalletMissing) {
      await ctx.db.paymentRefund.update({ where: { id: refund.id }, data: { status: 'failed', lastError: message } });
      ctx.log.error({ refund: refund.id }, 'x402 refund not possible: no refund wallet configured; needs a person');
      return { id: refund.id, status: 'failed' };
    }
    // The chain or its RPC: try again later (a broadcast transfer is only waited for again).
    await ctx.db.paymentRefund.update({ where: { id: refund.id }, data: { lastError: message } });
    ctx.log.warn({ refund: refund.id, err: message }, 'x402 refund failed; will retry');
    return { id: refund.id, status: 'pending' };
  }
}
