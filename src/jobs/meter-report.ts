// Drains the Stripe meter outbox (src/billing/meter.ts). Idempotent: every row is sent with its
// own id as identifier and idempotency key, and rows are leased while being sent.
import { defineJob } from './handler.ts';
import { drainMeterOutbox, METER_JOB } from '../billing/meter.ts';

export const meterReportJob = defineJob({
  kind: METER_JOB,
  async run(_payload, ctx) {
    return drainMeterOutbox(ctx);
  },
});
