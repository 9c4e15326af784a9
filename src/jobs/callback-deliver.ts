// The callback.deliver job: runs use-cases/callbacks/deliver-callback.ts (retried with backoff on
// timeouts, network errors and 5xx; a refused URL fails at once).
import { defineJob } from './handler.ts';
import { deliverCallback } from '../use-cases/callbacks/deliver-callback.ts';

export const callbackDeliverJob = defineJob({
  kind: 'callback.deliver',
  run: (payload, ctx) => deliverCallback(ctx, payload),
});
