// Retries a card refund that Stripe could not take at once (src/payments/refunds.ts).
import { defineJob } from './handler.ts';
import { executeRefund, REFUND_JOB } from '../payments/refunds.ts';

export const paymentRefundJob = defineJob({
  kind: REFUND_JOB,
  async run({ refundId }, ctx) {
    const outcome = await executeRefund(ctx, refundId);
    if (outcome.status === 'pending') throw new Error('Stripe did not take the refund yet');
    return outcome;
  },
  async onFailed({ refundId }, error, ctx) {
    ctx.log.error({ refund: refundId, err: error.message }, 'refund still pending after every retry: needs a person');
  },
});
