// Brakes on guessing passwords and on mail bombing: sign-in attempts per email address and per
// client address, sign-up / reset mails and OAuth client registrations per client address, in fixed 15-minute windows on
// the service's rate-limit store (memory, or Redis shared by every process).
import type { AppContext } from '../context.ts';

const WINDOW_MS = 15 * 60_000;
export const LIMITS = { signInPerEmail: 10, signInPerIp: 50, mailPerIp: 20, oauthRegisterPerIp: 20 } as const;

/** Counts one attempt; returns the seconds to wait when over the limit, else 0. */
export async function throttled(ctx: AppContext, key: string, limit: number): Promise<number> {
  const { count, resetMs } = await ctx.rateLimits.hit(`web:${key}`, WINDOW_MS);
  return count > limit ? Math.ceil(resetMs / 1000) : 0;
}
