// /proposals (§2.5, §3.5, §4.5): read a proposal, commit settlements, fetch the receipt and the PDF.
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parse, parseId } from './validate.ts';
import { callerOf } from '../http/auth.ts';
import { PROPOSAL_FIELD_STATES } from '../domain/proposal-fields.ts';
import { getProposal } from '../use-cases/proposals/get-proposal.ts';
import { commitProposal } from '../use-cases/proposals/commit-proposal.ts';
import { getProposalReceipt } from '../use-cases/proposals/get-proposal-receipt.ts';
import { getProposalPdf } from '../use-cases/proposals/get-proposal-pdf.ts';

const Params = z.object({ id: z.uuid() });
export const CommitBody = z
  .object({
    values: z.array(z.object({ field_id: z.number().int().positive(), value: z.string() })).max(5000).optional().describe('values for open fields, or to override a ready one'),
    decline: z.array(z.number().int().positive()).max(5000).optional().describe('fields to leave empty'),
    auto: z.boolean().optional().describe('leave every field still open empty instead of refusing the commit (422 unsettled_fields)'),
  })
  .strict();

const STATES_DOC =
  'Field states: ready (confidence accepted by the policy: written), review (below the policy: not written unless you supply a value), conflict (documents disagree: see alternatives), missing (nothing found; signatures are always missing and listed under requirements), user (your value), declined. ' +
  'Origins: document, llm, user. Confidence: high (quoted back from the document), medium, low. Evidence methods include quote_check (the value was found again, verbatim, at the location).';
const TOKEN_DOC = 'Send the proposal_token from prepare as X-Proposal-Token (or ?token=); a wrong token answers 403. Account callers may omit it.';
const EvidenceSchema = z.object({ document_id: z.string(), document_name: z.string(), page: z.number().int(), method: z.string(), location: z.string(), quote: z.string().optional() });
const FieldSchema = z.object({
  field_id: z.number().int(),
  label: z.string(),
  value: z.string().nullable(),
  state: z.enum(PROPOSAL_FIELD_STATES),
  origin: z.string().nullable(),
  confidence: z.string().nullable(),
  evidence: z.array(EvidenceSchema),
  note: z.string().nullable(),
});
export const ProposalSchema = z.object({
  proposal_id: z.string(),
  form_id: z.string(),
  job_id: z.string(),
  status: z.enum(['processing', 'open', 'committed', 'failed']),
  policy: z.enum(['safe', 'strict']),
  proposed_at: z.string().nullable(),
  fields: z.array(FieldSchema.extend({ alternatives: z.array(z.object({ value: z.string(), confidence: z.string(), evidence: z.array(EvidenceSchema) })).optional() })),
  unresolved: z.object({ fields: z.array(z.unknown()), attachments: z.array(z.unknown()) }),
  requirements: z.object({ signatures: z.array(z.unknown()), attachments: z.array(z.unknown()) }),
  commits: z.array(z.object({ n: z.number().int(), at: z.string(), auto: z.boolean(), result: z.string(), values_supplied: z.number().int() })),
});
export const ReceiptSchema = z.object({
  receipt_version: z.string(),
  service_version: z.string(),
  proposal_id: z.string(),
  form_id: z.string(),
  contract: z.object({ schema_version: z.string(), detector_version: z.string() }),
  policy: z.string(),
  mode: z.string().describe('two_call: prepare, then commit'),
  timestamps: z.object({ proposed_at: z.string().nullable(), committed_at: z.string(), verified_at: z.string() }),
  fields: z.array(FieldSchema),
  unresolved: z.object({ fields: z.array(z.unknown()), attachments: z.array(z.unknown()) }),
  verification: z.unknown(),
  requirements: z.object({ signatures: z.array(z.unknown()), attachments: z.array(z.unknown()) }),
  files: z.object({ filled_pdf: z.object({ name: z.string(), bytes: z.number().int(), sha256: z.string(), artifact_id: z.string() }) }),
  commits: z.array(z.object({ n: z.number().int(), at: z.string(), auto: z.boolean(), result: z.string(), values_supplied: z.number().int() })),
  retention: z.object({ policy: z.string(), documents_deleted_after: z.string().nullable() }),
  checks: z.object({ summary: z.object({ ran: z.boolean(), checked: z.number().int(), doubted: z.number().int(), cost: z.number(), ms: z.number().int() }), fields: z.array(z.unknown()) }),
});
const tokenHeader = { 'X-Proposal-Token': { description: 'The proposal_token prepare returned.' } };

describeRoute({
  method: 'get', path: '/proposals/:id', tag: 'Proposals', summary: 'Read a proposal', description: `${STATES_DOC} ${TOKEN_DOC}`, params: Params, headers: tokenHeader,
  responses: { 200: { description: 'The proposal.', body: ProposalSchema }, 403: { description: 'Wrong proposal token.' }, 404: { description: 'No such proposal, or not yours.' } },
});
describeRoute({
  method: 'post', path: '/proposals/:id/commit', tag: 'Proposals', summary: 'Commit settlements: render, verify, and produce the receipt',
  description: `Each commit is numbered and builds on the previous one's settlements. Ready fields are written unless declined or overridden; every open field (review, conflict, missing) needs a value or a decline, unless "auto": true leaves them empty. ${STATES_DOC} ${TOKEN_DOC}`,
  params: Params, headers: tokenHeader, json: CommitBody,
  responses: {
    201: { description: 'Committed: the receipt of this commit.', body: ReceiptSchema },
    400: { description: 'Malformed body, or a field both valued and declined.' },
    403: { description: 'Wrong proposal token.' },
    404: { description: 'No such proposal.' },
    409: { description: 'The prepare job is still running or failed, or another commit happened at the same time.' },
    410: { description: 'Documents deleted under the retention policy.' },
    422: { description: 'Unknown field id, a value the field refuses, or open fields left unsettled without auto.' },
  },
});
describeRoute({
  method: 'get', path: '/proposals/:id/receipt', tag: 'Proposals', summary: 'The receipt of the newest commit', description: TOKEN_DOC, params: Params, headers: tokenHeader,
  responses: { 200: { description: 'The receipt.', body: ReceiptSchema }, 403: { description: 'Wrong proposal token.' }, 404: { description: 'No such proposal, not yours, or no commit yet.' } },
});
describeRoute({
  method: 'get', path: '/proposals/:id/pdf', tag: 'Proposals', summary: 'The PDF of the newest commit', description: TOKEN_DOC, params: Params, headers: tokenHeader,
  responses: { 200: { description: 'The filled PDF.', body: 'pdf' }, 403: { description: 'Wrong proposal token.' }, 404: { description: 'No such proposal, not yours, or no commit yet.' }, 410: { description: 'Documents deleted under the retention policy.' } },
});

function tokenOf(req: Request): string | undefined {
  const header = req.get('X-Proposal-Token');
  if (header !== undefined) return header;
  return typeof req.query.token === 'string' ? req.query.token : undefined;
}

export function proposalsRouter(ctx: AppContext): Router {
  const r = Router();
  r.get('/proposals/:id', async (req, res) => {
    res.json(await getProposal(ctx, callerOf(req).accountId, parseId(req.params.id, 'proposal'), tokenOf(req)));
  });
  r.post('/proposals/:id/commit', async (req, res) => {
    const id = parseId(req.params.id, 'proposal');
    const body = parse(CommitBody, req.body ?? {});
    res.status(201).json(await commitProposal(ctx, callerOf(req).accountId, id, tokenOf(req), body));
  });
  r.get('/proposals/:id/receipt', async (req, res) => {
    res.json(await getProposalReceipt(ctx, callerOf(req).accountId, parseId(req.params.id, 'proposal'), tokenOf(req)));
  });
  r.get('/proposals/:id/pdf', async (req, res) => {
    const id = parseId(req.params.id, 'proposal');
    const { bytes, n } = await getProposalPdf(ctx, callerOf(req).accountId, id, tokenOf(req));
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="proposal-${id}-commit-${n}.pdf"`);
    res.send(Buffer.from(bytes));
  });
  return r;
}
