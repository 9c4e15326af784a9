// CORS for what browser-based agent clients call (an MCP client in a web page): the agent doors
// (/mcp, /a2a) and open client registration (/oauth/register). Any origin may call them: they are
// authorized by bearer tokens, never by cookies, so credentials are not allowed. The protected
// resource metadata has CORS from the MCP SDK's handler; the authorization server's metadata, token
// and revocation endpoints from oidc-provider (token and revocation for public clients calling from
// the origin of one of their redirect URIs).
import cors from 'cors';

const DAY = 86_400;

/** /mcp and /a2a: the headers the MCP and A2A clients send, and those they must read back. */
export const agentDoorCors = cors({
  origin: '*',
  methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID', 'A2A-Version', 'A2A-Extensions'],
  exposedHeaders: ['Mcp-Session-Id', 'Mcp-Protocol-Version', 'WWW-Authenticate'],
  credentials: false,
  maxAge: DAY,
});

/** Dynamic Client Registration (RFC 7591), which a browser client does before anything else. */
export const registrationCors = cors({ origin: '*', methods: ['POST', 'OPTIONS'], allowedHeaders: ['Content-Type', 'Accept'], credentials: false, maxAge: DAY });
