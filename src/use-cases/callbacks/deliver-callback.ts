// Delivers one callback event (§6), signed with the account's secret. Throws to be retried on a
// timeout, a network error or a 5xx; a URL that has become private is refused (DomainError: not
// retried), and a 4xx answer ends it. A failed callback never touches the job it reports on.
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { CallbackUrlError, postCallback } from '../../domain/callbacks.ts';

export async function deliverCallback(ctx: AppContext, input: { accountId: string; url: string; body: string; headers?: Record<string, string> }): Promise<{ status: number }> {
  const account = await ctx.db.account.findUnique({ where: { id: input.accountId } });
  if (!account) throw new DomainError('not_found', 'account_gone', 'The account no longer exists.');
  let result;
  try {
    result = await postCallback(input.url, input.body, account.callbackSecret, { allowLoopback: ctx.config.CALLBACK_ALLOW_LOOPBACK }, ctx.config.CALLBACK_TIMEOUT_MS, input.headers);
  } catch (err) {
    if (err instanceof CallbackUrlError) throw new DomainError('invalid', 'callback_url_rejected', err.message);
    throw err;
  }
  if (result.status === null) throw new Error(`callback delivery failed: ${result.error}`);
  if (result.status >= 500) throw new Error(`callback receiver answered ${result.status}`);
  return { status: result.status };
}
