// Deletes the cached result of a paid request once its retry window is over: pay-per-call is
// ephemeral (src/payments/records.ts).
import { defineJob } from './handler.ts';
import { purgeResponse } from '../payments/records.ts';

export const paymentPurgeResponseJob = defineJob({
  kind: 'payment.purge-response',
  async run({ paymentId }, ctx) {
    await purgeResponse(ctx, paymentId);
    return { purged: paymentId };
  },
});
