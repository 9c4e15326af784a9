// Bearer API keys (§5): missing or malformed header, unknown, disabled or revoked key → 401.
import type { RequestHandler } from 'express';
import type { AppContext } from '../context.ts';
import { ApiError } from './errors.ts';
import { findKey, hashKey, KEY_PATTERN } from '../store/accounts.ts';
import type { KnownKey } from '../store/api-key-cache.ts';

export interface Caller {
  accountId: string;
  keyId: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
  }
}

const unauthorized = (code: string, message: string) => new ApiError(401, code, message, {}, { 'WWW-Authenticate': 'Bearer realm="api"' });

/** Why a presented key is refused: the same code and message on every door that takes keys. */
export interface KeyRefusal {
  code: string;
  message: string;
}

/**
 * An API key as presented (the bearer token): the caller it stands for, or why it is refused
 * (malformed, unknown, disabled, revoked). REST (requireApiKey) and the MCP door both use it.
 */
export async function checkApiKey(ctx: AppContext, token: string): Promise<{ caller: Caller } | { refusal: KeyRefusal }> {
  if (!KEY_PATTERN.test(token)) return { refusal: { code: 'malformed_api_key', message: 'The Authorization header must be "Bearer sk_live_" followed by 32 letters and digits.' } };
  const key = await knownKey(ctx, token);
  if (!key) return { refusal: { code: 'invalid_api_key', message: 'The API key is not known.' } };
  if (key.status !== 'active') return { refusal: { code: `api_key_${key.status}`, message: `The API key is ${key.status}.` } };
  // "Last used" for the dashboard, written at most once a minute per key and never awaited.
  // The process remembers its own writes: a key read again before the last write committed (no
  // cache on PostgreSQL) must not write again.
  if (ctx.apiKeys.useToRecord(key)) {
    void ctx.db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
  }
  return { caller: { accountId: key.accountId, keyId: key.id } };
}

/** The key from this process's cache (ctx.apiKeys), or read and kept there. Unknown keys are never kept: a key made since must work at once. */
async function knownKey(ctx: AppContext, token: string): Promise<KnownKey | null> {
  const hash = hashKey(token);
  const cached = ctx.apiKeys.get(hash);
  if (cached) return cached;
  const generation = ctx.apiKeys.generation;
  const row = await findKey(ctx.db, token);
  return row && ctx.apiKeys.put(hash, row, generation);
}

export function requireApiKey(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    try {
      const header = req.headers.authorization;
      if (!header) throw unauthorized('missing_api_key', 'Send your API key as "Authorization: Bearer sk_live_…".');
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      const checked = await checkApiKey(ctx, match?.[1] ?? '');
      if ('refusal' in checked) throw unauthorized(checked.refusal.code, checked.refusal.message);
      req.caller = checked.caller;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** The authenticated caller; routers behind requireApiKey only. */
export function callerOf(req: { caller?: Caller }): Caller {
  if (!req.caller) throw new Error('route is missing requireApiKey');
  return req.caller;
}
