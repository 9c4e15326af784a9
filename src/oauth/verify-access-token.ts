// For resource servers (the MCP door): who an OAuth access token acts for, or null. A token is
// accepted only when the authorization server issued it, it has not expired, it and its grant
// have not been revoked (revocation endpoint, refresh-token reuse, Connected apps), it was issued
// for `audience` (RFC 8707: the resource the client named, PUBLIC_BASE_URL/mcp) and it carries
// every scope of `requiredScopes`.
//
// Usage (answer 401 with a WWW-Authenticate challenge on null):
//   const who = await verifyAccessToken(ctx, bearer, { audience: mcpResource(ctx.config), requiredScopes: ['fill'] });
// To tell "no valid token" (401) from "valid but lacks a scope" (403 insufficient_scope), call
// it without requiredScopes and compare `who.scopes` yourself.
import type { AppContext } from '../context.ts';
import { oauthProvider } from './provider.ts';

export interface AccessTokenOwner {
  /** The account the token acts on (API keys, usage and billing are per account). */
  accountId: string;
  /** The dashboard user who approved the client. */
  userId: string;
  scopes: string[];
  clientId: string;
  expiresAt: Date;
}

export async function verifyAccessToken(
  ctx: AppContext,
  token: string,
  { audience, requiredScopes = [] }: { audience: string; requiredScopes?: readonly string[] },
): Promise<AccessTokenOwner | null> {
  if (!token || token.length > 512) return null;
  const provider = await oauthProvider(ctx);
  const accessToken = await provider.AccessToken.find(token);
  if (!accessToken || accessToken.isExpired || !accessToken.accountId || !accessToken.clientId || !accessToken.grantId) return null;
  const audiences = Array.isArray(accessToken.aud) ? accessToken.aud : [accessToken.aud];
  if (!audiences.includes(audience)) return null;
  const scopes = [...accessToken.scopes].filter(Boolean);
  if (!requiredScopes.every((s) => scopes.includes(s))) return null;
  const grant = await provider.Grant.find(accessToken.grantId);
  if (!grant || grant.accountId !== accessToken.accountId) return null;
  const user = await ctx.db.user.findUnique({ where: { id: accessToken.accountId } });
  if (!user) return null;
  return { accountId: user.accountId, userId: user.id, scopes, clientId: accessToken.clientId, expiresAt: new Date(accessToken.exp! * 1000) };
}
