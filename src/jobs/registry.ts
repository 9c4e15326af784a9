// Every job kind the service knows. A kind missing here fails loudly at enqueue time.
import type { JobDefinition } from './types.ts';
import { formProcessJob } from './form-process.ts';
import { callbackDeliverJob } from './callback-deliver.ts';

export const jobDefinitions = new Map<string, JobDefinition<unknown>>(
  ([formProcessJob, callbackDeliverJob] as JobDefinition<never>[]).map((d) => [d.kind, d as unknown as JobDefinition<unknown>]),
);
