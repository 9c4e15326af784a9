// MCP resources: a form's contract and a proposal's receipt, read through the same use cases as
// GET /forms/{id}/contract and GET /proposals/{id}/receipt (the caller's own only).
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ContractSchema } from '../api/forms.ts';
import { parseId } from '../api/validate.ts';
import { getContract } from '../use-cases/forms/get-contract.ts';
import { getProposalReceipt } from '../use-cases/proposals/get-proposal-receipt.ts';
import { errorAnswer, requireScope, type Door } from './door.ts';

export const contractUri = (formId: string) => `formfill://forms/${formId}/contract`;
export const receiptUri = (proposalId: string) => `formfill://proposals/${proposalId}/receipt`;

/** JSON-RPC code the MCP spec gives "resource not found". */
const RESOURCE_NOT_FOUND = -32002;

async function asResource(door: Door, uri: URL, read: () => Promise<unknown>) {
  try {
    requireScope(door, 'forms:read');
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await read()) }] };
  } catch (err) {
    const { status, body } = errorAnswer(err, door.ctx);
    const error = body.error as { code: string; message: string };
    throw new McpError(status === 404 ? RESOURCE_NOT_FOUND : -32603, error.message, { ...body, status });
  }
}

export function registerResources(door: Door): void {
  const { server, ctx, ownerId } = door;
  server.registerResource(
    'form-contract',
    new ResourceTemplate('formfill://forms/{form_id}/contract', { list: undefined }),
    { title: 'Form contract', description: 'The fields of a ready form (JSON), as GET /forms/{id}/contract.', mimeType: 'application/json' },
    (uri, vars) => asResource(door, uri, async () => ContractSchema.parse(await getContract(ctx, ownerId, parseId(vars.form_id, 'form')))),
  );
  server.registerResource(
    'proposal-receipt',
    new ResourceTemplate('formfill://proposals/{proposal_id}/receipt', { list: undefined }),
    { title: 'Proposal receipt', description: 'The receipt of a proposal’s newest commit (JSON), as GET /proposals/{id}/receipt.', mimeType: 'application/json' },
    (uri, vars) => asResource(door, uri, () => getProposalReceipt(ctx, ownerId, parseId(vars.proposal_id, 'proposal'))),
  );
}
