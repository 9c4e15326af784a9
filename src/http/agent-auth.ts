// Who calls an agent door (MCP at /mcp, A2A at /a2a). The bearer token is checked by an
// AccessTokenVerifier: an account API key (the same check as REST) or an OAuth access token from
// this service's authorization server (anyVerifier tries both). Both doors grant the same two
// scopes, and a request without an accepted token gets the SDK's 401 with WWW-Authenticate naming
// the Protected Resource Metadata (RFC 9728).
import type { RequestHandler } from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { AppContext } from '../context.ts';
import { checkApiKey } from './auth.ts';
import { ApiError } from './errors.ts';
import { verifyAccessToken } from '../oauth/verify-access-token.ts';
import { mcpResource } from '../oauth/scopes.ts';

/** The account a bearer token acts for and what it may do, or null when the token is not accepted. */
export type AccessTokenVerifier = (token: string) => Promise<{ accountId: string; scopes: string[] } | null>;

/** forms:read for what only reads; forms:write (which includes reading) for everything that creates, fills or bills. */
export const DOOR_SCOPES = ['forms:read', 'forms:write'] as const;
export type DoorScope = (typeof DOOR_SCOPES)[number];

export const PRM_PATH = '/.well-known/oauth-protected-resource';

/** An account API key as bearer token: every scope, for clients configured with a static header. */
export function apiKeyVerifier(ctx: AppContext): AccessTokenVerifier {
  return async (token) => {
    const checked = await checkApiKey(ctx, token);
    return 'caller' in checked ? { accountId: checked.caller.accountId, scopes: [...DOOR_SCOPES] } : null;
  };
}

/**
 * An OAuth access token from this service's authorization server. Its audience is the service's
 * one resource (PUBLIC_BASE_URL/mcp, the URL MCP clients name; A2A shares it: docs/decisions.md).
 * The consent scopes map onto the doors' two: reading needs forms:read; creating, filling and
 * billing need forms:write and fill.
 */
export function oauthVerifier(ctx: AppContext): AccessTokenVerifier {
  return async (token) => {
    const owner = await verifyAccessToken(ctx, token, { audience: mcpResource(ctx.config) });
    if (!owner) return null;
    const scopes: DoorScope[] = [];
    if (owner.scopes.includes('forms:read')) scopes.push('forms:read');
    if (owner.scopes.includes('forms:write') && owner.scopes.includes('fill')) scopes.push('forms:write');
    return { accountId: owner.accountId, scopes };
  };
}

/** The first verifier that accepts the token wins (API keys, then OAuth access tokens). */
export function anyVerifier(...verifiers: AccessTokenVerifier[]): AccessTokenVerifier {
  return async (token) => {
    for (const verify of verifiers) {
      const found = await verify(token);
      if (found) return found;
    }
    return null;
  };
}

/** forms:write includes reading: a token that may fill forms may read them. */
export function requireDoorScope(scopes: readonly string[], scope: DoorScope): void {
  if (scopes.includes(scope) || scopes.includes('forms:write')) return;
  throw new ApiError(403, 'insufficient_scope', `This needs the ${scope} scope.`);
}

/** The account of a request the bearer middleware let through. */
export function accountOf(auth: AuthInfo | undefined): { accountId: string; scopes: string[] } {
  const accountId = auth?.extra?.accountId;
  if (typeof accountId !== 'string') throw new Error('route is missing agentBearerAuth');
  return { accountId, scopes: auth!.scopes };
}

/** After agentBearerAuth: the account's rate limit counts the door's requests with its REST ones (keyed by account id). */
export const bearerCaller: RequestHandler = (req, _res, next) => {
  req.caller = { accountId: accountOf(req.auth).accountId, keyId: '' };
  next();
};

/**
 * The SDK's bearer middleware over our verifier. The base URL is read per request
 * (PUBLIC_BASE_URL), so the WWW-Authenticate header names where this deployment is reached.
 */
export function agentBearerAuth(ctx: AppContext, verify: AccessTokenVerifier): RequestHandler {
  const verifier = {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const found = await verify(token);
      if (!found) throw new InvalidTokenError('The token is not valid: send an account API key or an OAuth access token for this server.');
      // The SDK refuses AuthInfo without an expiry. Expired tokens were refused by `verify`; this
      // expiry only has to outlive the request.
      return { token, clientId: 'bearer', scopes: found.scopes, expiresAt: Math.floor(Date.now() / 1000) + 300, extra: { accountId: found.accountId } };
    },
  };
  return (req, res, next) => requireBearerAuth({ verifier, resourceMetadataUrl: `${ctx.config.PUBLIC_BASE_URL}${PRM_PATH}` })(req, res, next);
}
