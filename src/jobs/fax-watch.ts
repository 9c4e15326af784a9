// Looks up a fax whose final webhook has not come (src/use-cases/fax/check-fax.ts).
import { defineJob } from './handler.ts';
import { checkFax } from '../use-cases/fax/check-fax.ts';
import { FAX_WATCH_JOB } from '../use-cases/fax/submit-fax.ts';

export const faxWatchJob = defineJob({
  kind: FAX_WATCH_JOB,
  async run({ faxId, check }, ctx) {
    return { state: await checkFax(ctx, faxId, check) };
  },
});
