// Who calls the MCP door. The bearer token is checked by an AccessTokenVerifier handed in by
// app.ts: for now account API keys (the same check as REST); the OAuth authorization server's
// verifier plugs in beside it (anyVerifier). A request without an accepted token gets 401 with
// WWW-Authenticate naming the Protected Resource Metadata (RFC 9728), served here too; both come
// from the SDK's server/auth helpers.
import type { RequestHandler } from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { AppContext } from '../context.ts';
import { checkApiKey } from '../http/auth.ts';
import { verifyAccessToken } from '../oauth/verify-access-token.ts';
import { SCOPE_NAMES, mcpResource } from '../oauth/scopes.ts';

/** The account a bearer token acts for and what it may do, or null when the token is not accepted. */
export type AccessTokenVerifier = (token: string) => Promise<{ accountId: string; scopes: string[] } | null>;

/** forms:read for tools and resources that only read; forms:write (which includes reading) for everything that creates, fills or bills. */
export const MCP_SCOPES = ['forms:read', 'forms:write'] as const;
export type McpScope = (typeof MCP_SCOPES)[number];

export const PRM_PATH = '/.well-known/oauth-protected-resource';

/** An account API key as bearer token: every scope, for clients configured with a static header. */
export function apiKeyVerifier(ctx: AppContext): AccessTokenVerifier {
  return async (token) => {
    const checked = await checkApiKey(ctx, token);
    return 'caller' in checked ? { accountId: checked.caller.accountId, scopes: [...MCP_SCOPES] } : null;
  };
}

/**
 * An OAuth access token from this service's authorization server, issued for this door (its
 * audience is PUBLIC_BASE_URL/mcp). The server's consent scopes map onto the door's two: reading
 * needs forms:read; creating, filling and billing need forms:write and fill.
 */
export function oauthVerifier(ctx: AppContext): AccessTokenVerifier {
  return async (token) => {
    const owner = await verifyAccessToken(ctx, token, { audience: mcpResource(ctx.config) });
    if (!owner) return null;
    const scopes: McpScope[] = [];
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

/** The account of a request the bearer middleware let through. */
export function accountOf(auth: AuthInfo | undefined): { accountId: string; scopes: string[] } {
  const accountId = auth?.extra?.accountId;
  if (typeof accountId !== 'string') throw new Error('route is missing mcpBearerAuth');
  return { accountId, scopes: auth!.scopes };
}

/**
 * The SDK's bearer middleware over our verifier. The base URL is read per request
 * (PUBLIC_BASE_URL), so the WWW-Authenticate header names where this deployment is reached.
 */
export function mcpBearerAuth(ctx: AppContext, verify: AccessTokenVerifier): RequestHandler {
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

/** RFC 9728 metadata, at /.well-known/oauth-protected-resource and its /mcp path-suffixed twin. */
export function protectedResourceMetadata(ctx: AppContext): RequestHandler {
  return (req, res, next) => {
    const base = ctx.config.PUBLIC_BASE_URL;
    const metadata: OAuthProtectedResourceMetadata = {
      resource: mcpResource(ctx.config),
      authorization_servers: [base],
      scopes_supported: [...SCOPE_NAMES],
      bearer_methods_supported: ['header'],
      resource_name: 'Form-filling service (MCP)',
      resource_documentation: `${base}/docs`,
    };
    metadataHandler(metadata)(req, res, next);
  };
}
