// Hands an account's fax to the provider (src/use-cases/fax/submit-fax.ts). A provider 5xx or
// timeout is retried with backoff; a refusal (4xx) or the last failed try ends the fax as failed,
// which costs nothing.
import { defineJob } from './handler.ts';
import { UnrecoverableJobError } from './types.ts';
import { FaxProviderError } from '../fax/provider.ts';
import { submitFax } from '../use-cases/fax/submit-fax.ts';
import { failFax } from '../use-cases/fax/finish-fax.ts';
import { FAX_SEND_JOB } from '../use-cases/fax/apply-fax-webhook.ts';

export const faxSendJob = defineJob({
  kind: FAX_SEND_JOB,
  async run({ faxId }, ctx) {
    try {
      const fax = await submitFax(ctx, faxId);
      return { status: fax.status };
    } catch (err) {
      if (err instanceof FaxProviderError && !err.retryable) throw new UnrecoverableJobError(err.code, err.message);
      throw err;
    }
  },
  async onFailed({ faxId }, error, ctx) {
    const fax = await ctx.db.fax.findUnique({ where: { id: faxId } });
    if (!fax) return;
    const code = error instanceof UnrecoverableJobError ? error.code : error instanceof FaxProviderError ? error.code : 'provider_unavailable';
    await failFax(ctx, fax, code, { refund: true });
  },
});
