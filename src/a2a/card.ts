// The agent card (/.well-known/agent-card.json): who the agent is, where its JSON-RPC endpoint is,
// how to authenticate, and one skill per capability (src/a2a/skills.ts).
import type { AgentCard } from '@a2a-js/sdk';
import type { AppContext } from '../context.ts';
import { SERVICE_VERSION } from '../version.ts';
import { SKILLS } from './skills.ts';

export const A2A_PATH = '/a2a';
export const AGENT_CARD_PATH = '/.well-known/agent-card.json';

/** What a message may carry and a task may answer with. */
export const INPUT_MODES = ['application/pdf', 'application/json', 'text/plain', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'image/png', 'image/jpeg'];
export const OUTPUT_MODES = ['application/pdf', 'application/json', 'text/plain'];

export function agentCard(ctx: AppContext): AgentCard {
  const base = ctx.config.PUBLIC_BASE_URL;
  return {
    name: 'Form-filling service',
    description:
      'Makes flat or scanned PDF forms fillable, fills them from values or from supporting documents, verifies and reads filled PDFs, fills a form per spreadsheet row, searches a library of official blank forms, faxes, and edits pages. ' +
      'Send a message with the PDF as a file part (bytes or URI) and a data part naming the skill and its arguments ({"skill": "fill", "values": {…}}). Results: PDFs as file parts with signed download links, everything else as data parts. Billing is that of the REST API.',
    supportedInterfaces: [
      { url: `${base}${A2A_PATH}`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
      { url: `${base}${A2A_PATH}`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' }, // message/send, tasks/get … (the SDK's compat layer)
    ],
    provider: { organization: 'Form-filling service', url: base },
    version: SERVICE_VERSION,
    documentationUrl: `${base}/agentic-access.json`,
    capabilities: { streaming: true, pushNotifications: true, extensions: [], extendedAgentCard: false },
    securitySchemes: {
      apiKey: { scheme: { $case: 'httpAuthSecurityScheme', value: { scheme: 'bearer', bearerFormat: 'sk_live_ followed by 32 letters and digits', description: 'An account API key (dashboard → API keys), sent as Authorization: Bearer.' } } },
      oauth: {
        scheme: {
          $case: 'oauth2SecurityScheme',
          value: {
            description: "The service's OAuth 2.1 authorization server (PKCE, dynamic client registration); its tokens are issued for the MCP server at /mcp. This endpoint takes the account API key.",
            oauth2MetadataUrl: `${base}/.well-known/oauth-authorization-server`,
            flows: { flow: { $case: 'authorizationCode', value: { authorizationUrl: `${base}/oauth/authorize`, tokenUrl: `${base}/oauth/token`, refreshUrl: `${base}/oauth/token`, scopes: {}, pkceRequired: true } } },
          },
        },
      },
    },
    securityRequirements: [{ schemes: { apiKey: { list: [] } } }],
    defaultInputModes: INPUT_MODES,
    defaultOutputModes: OUTPUT_MODES,
    skills: SKILLS.map((s) => ({ id: s.id, name: s.name, description: `${s.description} REST twin: ${s.rest}.`, tags: s.tags, examples: s.examples, inputModes: [], outputModes: [], securityRequirements: [] })),
    signatures: [],
  };
}
