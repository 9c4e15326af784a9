// The MCP door's Protected Resource Metadata (RFC 9728). Who may call the door (API keys, OAuth
// access tokens, scopes) is src/http/agent-auth.ts, shared with the A2A door.
import type { RequestHandler } from 'express';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { AppContext } from '../context.ts';
import { SCOPE_NAMES, mcpResource } from '../oauth/scopes.ts';
import { PRM_PATH } from '../http/agent-auth.ts';

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
