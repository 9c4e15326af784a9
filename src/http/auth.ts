// Bearer API keys (§5): missing or malformed header, unknown, disabled or revoked key → 401.
import type { RequestHandler } from 'express';
import type { AppContext } from '../context.ts';
import { ApiError } from './errors.ts';
import { findKey, KEY_PATTERN } from '../store/accounts.ts';

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

export function requireApiKey(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    try {
      const header = req.headers.authorization;
      if (!header) throw unauthorized('missing_api_key', 'Send your API key as "Authorization: Bearer sk_live_…".');
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match || !KEY_PATTERN.test(match[1])) throw unauthorized('malformed_api_key', 'The Authorization header must be "Bearer sk_live_" followed by 32 letters and digits.');
      const key = await findKey(ctx.db, match[1]);
      if (!key) throw unauthorized('invalid_api_key', 'The API key is not known.');
      if (key.status !== 'active') throw unauthorized(`api_key_${key.status}`, `The API key is ${key.status}.`);
      req.caller = { accountId: key.accountId, keyId: key.id };
      // "Last used" for the dashboard, written at most once a minute per key and never awaited.
      if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) {
        void ctx.db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
      }
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
