// Delivers one callback event (§6): retried with backoff on timeout, network error or 5xx; a
// 4xx answer or a URL that has become private ends it. A failed callback never touches the job
// it reports on.
import { defineJob } from './handler.ts';
import { UnrecoverableJobError } from './types.ts';
import type { AppContext } from '../context.ts';
import { CallbackUrlError, postCallback } from '../domain/callbacks.ts';

export const callbackDeliverJob = defineJob({
  kind: 'callback.deliver',
  async run({ accountId, url, body }, ctx) {
    const account = await ctx.db.account.findUnique({ where: { id: accountId } });
    if (!account) throw new UnrecoverableJobError('account_gone', 'The account no longer exists.');
    let result;
    try {
      result = await postCallback(url, body, account.callbackSecret, { allowLoopback: ctx.config.CALLBACK_ALLOW_LOOPBACK }, ctx.config.CALLBACK_TIMEOUT_MS);
    } catch (err) {
      if (err instanceof CallbackUrlError) throw new UnrecoverableJobError('callback_url_rejected', err.message);
      throw err;
    }
    if (result.status === null) throw new Error(`callback delivery failed: ${result.error}`);
    if (result.status >= 500) throw new Error(`callback receiver answered ${result.status}`);
    return { status: result.status };
  },
});

export async function enqueueCallback(ctx: AppContext, accountId: string, url: string, event: Record<string, unknown>): Promise<void> {
  await ctx.queue.enqueue('callback.deliver', { accountId, url, body: JSON.stringify(event) }, { ownerId: accountId });
}
