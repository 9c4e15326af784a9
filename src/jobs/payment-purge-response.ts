// Deletes the cached result of a paid request once its retry window is over: pay-per-call is
// ephemeral (src/payments/records.ts).
import { z } from 'zod';
import { defineJob } from './types.ts';
import { purgeResponse } from '../payments/records.ts';

export const paymentPurgeResponseJob = defineJob({
  kind: 'payment.purge-response',
  payload: z.object({ paymentId: z.string() }),
  maxAttempts: 5,
  async run({ paymentId }, ctx) {
    await purgeResponse(ctx, paymentId);
    return { purged: paymentId };
  },
});
