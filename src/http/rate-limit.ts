// Fixed-window rate limits with the IETF RateLimit headers and Retry-After on 429.
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context.ts';
import { ApiError } from './errors.ts';

const WINDOW_MS = 60_000;

export function rateLimit(ctx: AppContext, scope: 'ip' | 'account'): RequestHandler {
  const limit = scope === 'ip' ? ctx.config.RATE_LIMIT_IP_PER_MINUTE : ctx.config.RATE_LIMIT_PER_MINUTE;
  const keyOf = (req: Request) => (scope === 'ip' ? `ip:${req.ip}` : `acct:${req.caller?.accountId ?? req.ip}`);
  return async (req, res, next) => {
    let window;
    try {
      window = await ctx.rateLimits.hit(keyOf(req), WINDOW_MS);
    } catch (err) {
      // A broken counter store must not take the API down with it: let the request through.
      req.log?.warn({ err: (err as Error).message }, 'rate limit store unavailable');
      return next();
    }
    try {
      const { count, resetMs } = window;
      const reset = Math.max(1, Math.ceil(resetMs / 1000));
      const remaining = Math.max(0, limit - count);
      res.setHeader('RateLimit-Policy', `${limit};w=${WINDOW_MS / 1000}`);
      res.setHeader('RateLimit', `limit=${limit}, remaining=${remaining}, reset=${reset}`);
      if (count > limit) {
        throw new ApiError(429, 'rate_limited', `Too many requests: at most ${limit} a minute. Retry after ${reset} s.`, { retry_after: reset }, { 'Retry-After': String(reset) });
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
