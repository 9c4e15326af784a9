// What an OAuth client may ask for, and for which resource. The one resource is the MCP door at
// PUBLIC_BASE_URL/mcp (RFC 8707): every access token is bound to it (its audience). The scopes
// are few and coarse, each a kind of work a user can understand on the consent page.
import type { Config } from '../config.ts';

export const SCOPES = {
  'forms:read': 'See your forms, their fields and the documents made from them',
  'forms:write': 'Upload new forms and make them fillable',
  fill: 'Fill forms and read filled forms back',
  batch: 'Fill forms in batches (many rows at once)',
  'usage:read': 'See your usage and charges',
} as const;

export type Scope = keyof typeof SCOPES;
export const SCOPE_NAMES = Object.keys(SCOPES) as Scope[];

/** The resource indicator (and access-token audience) of the MCP door. */
export const mcpResource = (config: Pick<Config, 'PUBLIC_BASE_URL'>) => `${config.PUBLIC_BASE_URL}/mcp`;
