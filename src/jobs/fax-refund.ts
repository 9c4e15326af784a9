// Refunds a paid fax once its payment is settled: in full when it finally failed, the pages not
// transmitted when it was delivered in part. A card charge through Stripe, an x402 payment by a
// transfer back to the payer (src/payments/refunds.ts). A payment still settling is looked at
// again later; one that was never settled needs nothing; one refund per fax.
import { defineJob } from './handler.ts';
import { refundPayment } from '../payments/refunds.ts';
import { FAX_REFUND_JOB } from '../use-cases/fax/finish-fax.ts';

/** What was paid beyond `chargedMicros`, in the payment's unit (card: cents, rounded in the payer's favour; x402: atomic units). */
function unused(payment: { protocol: string; amountMicros: number; chargeAmount: number }, chargedMicros: number): number {
  return payment.protocol === 'mpp' ? payment.chargeAmount - Math.ceil(chargedMicros / 10_000) : payment.amountMicros - chargedMicros;
}

export const faxRefundJob = defineJob({
  kind: FAX_REFUND_JOB,
  async run({ faxId }, ctx) {
    const fax = await ctx.db.fax.findUnique({ where: { id: faxId } });
    if (!fax?.paymentId) return { refund: 'none' };
    const payment = await ctx.db.payment.findUniqueOrThrow({ where: { id: fax.paymentId } });
    if (payment.status === 'pending' || payment.status === 'settlement_unknown') throw new Error('the payment is still settling');
    if (payment.status !== 'succeeded') return { refund: 'none', payment: payment.status }; // released: never charged; refunded already
    if (await ctx.db.paymentRefund.count({ where: { paymentId: payment.id } })) return { refund: 'exists' };
    if (fax.status === 'failed') return { refund: (await refundPayment(ctx, payment.id, `fax_failed: ${fax.failureReason ?? 'unknown'}`)).status };
    const amount = unused(payment, fax.chargedMicros ?? payment.amountMicros);
    if (fax.status !== 'delivered' || amount <= 0) return { refund: 'none' };
    return { refund: (await refundPayment(ctx, payment.id, `fax_partial: ${fax.pagesSent} of ${fax.pages} pages`, amount)).status };
  },
  async onFailed({ faxId }, error, ctx) {
    ctx.log.error({ fax: faxId, err: error.message }, 'paid fax failed and its refund could not be started: needs a person');
  },
});
