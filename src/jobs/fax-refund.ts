// Refunds a paid fax that finally failed, once its payment is settled: a card charge through
// Stripe, an x402 payment by a transfer back to the payer (src/payments/refunds.ts). A payment
// still settling is looked at again later; one that was never settled needs nothing.
import { defineJob } from './handler.ts';
import { refundPayment } from '../payments/refunds.ts';
import { FAX_REFUND_JOB } from '../use-cases/fax/finish-fax.ts';

export const faxRefundJob = defineJob({
  kind: FAX_REFUND_JOB,
  async run({ faxId }, ctx) {
    const fax = await ctx.db.fax.findUnique({ where: { id: faxId } });
    if (!fax?.paymentId) return { refund: 'none' };
    const payment = await ctx.db.payment.findUniqueOrThrow({ where: { id: fax.paymentId } });
    if (payment.status === 'pending' || payment.status === 'settlement_unknown') throw new Error('the payment is still settling');
    if (payment.status !== 'succeeded') return { refund: 'none', payment: payment.status }; // released: never charged; refunded already
    const outcome = await refundPayment(ctx, payment.id, `fax_failed: ${fax.failureReason ?? 'unknown'}`);
    return { refund: outcome.status };
  },
  async onFailed({ faxId }, error, ctx) {
    ctx.log.error({ fax: faxId, err: error.message }, 'paid fax failed and its refund could not be started: needs a person');
  },
});
