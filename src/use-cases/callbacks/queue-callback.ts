// Queues one callback event (§6) for delivery (use-cases/callbacks/deliver-callback.ts).
import type { AppContext } from '../../context.ts';

export async function queueCallback(ctx: AppContext, accountId: string, url: string, event: unknown, headers?: Record<string, string>): Promise<void> {
  await ctx.queue.enqueue('callback.deliver', { accountId, url, body: JSON.stringify(event), ...(headers ? { headers } : {}) }, { ownerId: accountId });
}
