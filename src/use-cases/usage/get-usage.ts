// GET /usage (§2.8): the caller's billed actions this month, per kind.
import type { AppContext } from '../../context.ts';
import { usageFor } from '../../store/usage.ts';

export async function getUsage(ctx: AppContext, ownerId: string) {
  return usageFor(ctx.db, ownerId);
}
