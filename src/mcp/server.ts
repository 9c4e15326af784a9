// The MCP door at /mcp: Streamable HTTP in stateless mode. Every POST gets a new McpServer and
// transport bound to the caller's account, and nothing is kept between requests, so any number of
// HTTP processes can serve it behind a load balancer (docs/decisions.md). Tools, resources and
// prompts call the same use cases as REST, with the same billing and errors.
import express, { Router } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AppContext } from '../context.ts';
import type { LibraryIndex } from '../library/search-index.ts';
import { LIMITS } from '../limits.ts';
import { SERVICE_VERSION } from '../version.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { agentDoorCors } from '../http/cors.ts';
import { protectedResourceMetadata } from './auth.ts';
import { accountOf, agentBearerAuth, bearerCaller, PRM_PATH, type AccessTokenVerifier } from '../http/agent-auth.ts';
import type { Door } from './door.ts';
import { registerResources } from './resources.ts';
import { registerPrompts } from './prompts.ts';
import { formTools } from './tools/forms.ts';
import { contextTools } from './tools/context.ts';
import { documentTools } from './tools/documents.ts';
import { batchTools } from './tools/batches.ts';
import { accountTools } from './tools/account.ts';

const INSTRUCTIONS =
  'Form filling: create_form makes a PDF fillable (wait: true to get it ready), fill_form fills it with values, ' +
  'fill_with_context or prepare → get_proposal → commit_proposal fill it from supporting documents with evidence, fill_batch fills it once per spreadsheet row. ' +
  'File arguments: {"url": "https://…"}, {"upload_id"} from create_upload_url (PUT the bytes there), {"form_id"}, {"session_id"}, {"artifact_id"}, or {"base64"} under 1 MB. ' +
  'Documents come back as resource links (signed URLs valid for an hour).';

export interface McpOptions {
  library: LibraryIndex;
  verifyAccessToken: AccessTokenVerifier;
}

/** One server for one request, acting for one account. */
export function buildMcpServer(ctx: AppContext, library: LibraryIndex, account: { accountId: string; scopes: string[] }): McpServer {
  const server = new McpServer({ name: 'formfill', title: 'Form-filling service', version: SERVICE_VERSION }, { instructions: INSTRUCTIONS });
  const door: Door = { ctx, library, ownerId: account.accountId, scopes: account.scopes, server };
  formTools(door);
  contextTools(door);
  documentTools(door);
  batchTools(door);
  accountTools(door);
  registerResources(door);
  registerPrompts(door);
  return server;
}

export function mcpRouter(ctx: AppContext, options: McpOptions): Router {
  const r = Router();
  // RFC 9728 metadata, at the root well-known path and at its /mcp-suffixed twin (clients try both).
  r.use(`${PRM_PATH}/mcp`, protectedResourceMetadata(ctx));
  r.use(PRM_PATH, protectedResourceMetadata(ctx));
  // Browser-based clients: preflights are answered here, before the bearer check.
  r.use('/mcp', agentDoorCors);

  r.post('/mcp', agentBearerAuth(ctx, options.verifyAccessToken), bearerCaller, rateLimit(ctx, 'account'), express.json({ limit: LIMITS.mcpRequestBytes }), async (req, res) => {
    const server = buildMcpServer(ctx, options.library, accountOf(req.auth));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  r.all('/mcp', agentBearerAuth(ctx, options.verifyAccessToken), (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless; send JSON-RPC with POST.' }, id: null });
  });
  return r;
}
