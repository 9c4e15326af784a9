// Proposals (§2.5, §3.5, §4.5): the values prepare found in the documents, settled by numbered
// commits. Each commit renders the PDF, verifies it and freezes a receipt.
//
// Field states:
//   ready     proposed with a confidence the policy accepts (safe: high or medium; strict: high);
//             written by every commit unless the caller declines or overrides it
//   review    proposed, but below the policy's bar: not written unless the caller supplies a value
//   conflict  the documents disagree; the candidates are listed as alternatives
//   missing   nothing found (signature fields are always missing: a person signs them)
//   user      the caller supplied the value in a commit
//   declined  the caller refused the field in a commit: left empty
// Proposal status: processing → open (job done) → committed (after the first commit) | failed.
import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { DomainError, notFound } from './errors.ts';
import type { Confidence, Evidence, FieldProposal } from '../extract/propose/types.ts';
import { SERVICE_VERSION } from '../version.ts';
import type { Contract, ContractField } from './contracts.ts';
import { checkSuppliedValues, fillerValue, normaliseValue } from './field-values.ts';
import { cleanStrings } from './text.ts';
import { createArtifact } from './artifacts.ts';
import { verifyRendered } from './read-verify.ts';
import { EPHEMERAL_AFTER_MS } from './retention.ts';
import { hashToken, type Policy } from './context-jobs.ts';
import { isoTimestamp } from '../timestamp.ts';

export const RECEIPT_VERSION = '1';
export const PROPOSAL_FIELD_STATES = ['ready', 'review', 'conflict', 'missing', 'user', 'declined'] as const;
export type ProposalFieldState = (typeof PROPOSAL_FIELD_STATES)[number];
export type ValueOrigin = 'document' | 'llm' | 'user';

/** One field of a proposal as stored and shown. */
export interface ProposedField {
  field_id: number;
  label: string;
  state: ProposalFieldState;
  value: string | null;
  origin: ValueOrigin | null;
  confidence: Confidence | null;
  evidence: Evidence[];
  note: string | null;
  alternatives?: FieldProposal['alternatives'];
}

export interface QuoteChecks {
  ran: boolean;
  checked: number;
  doubted: number;
  cost: number;
  ms: number;
}

type Settled = Record<string, { value: string | null; state: 'user' | 'declined' }>;

const ACCEPTED: Record<Policy, Confidence[]> = { safe: ['high', 'medium'], strict: ['high'] };

/** Turns the proposer's answers into proposal fields under a policy. */
export function classifyProposals(contract: Contract, proposals: FieldProposal[], policy: Policy): ProposedField[] {
  // Values and evidence come from documents: NUL and lone surrogates are dropped before anything is stored.
  const byId = new Map(cleanStrings(proposals).map((p) => [p.field_id, p]));
  return contract.fields.map((field) => {
    const p = byId.get(field.id);
    const base = { field_id: field.id, label: field.label, evidence: p?.evidence ?? [], alternatives: p?.alternatives };
    if (field.type === 'signature') {
      return { ...base, state: 'missing', value: null, origin: null, confidence: null, evidence: [], note: 'A signature is made by a person; it is listed under requirements.' };
    }
    if (!p || p.status === 'missing' || p.value === null) {
      if (p?.status === 'conflict') return { ...base, state: 'conflict', value: null, origin: p.origin, confidence: p.confidence, note: p.note };
      return { ...base, state: 'missing', value: null, origin: null, confidence: null, note: p?.note ?? null };
    }
    const checked = normaliseValue(field, p.value);
    if ('problem' in checked) {
      const value = checked.problem.reason === 'value_too_long' ? null : p.value; // not kept: it could never be written
      return { ...base, state: 'review', value, origin: p.origin, confidence: 'low', note: `The proposed value does not fit the field: ${checked.problem.message}` };
    }
    if (p.status === 'conflict') return { ...base, state: 'conflict', value: checked.value, origin: p.origin, confidence: p.confidence, note: p.note };
    const ready = p.confidence !== null && ACCEPTED[policy].includes(p.confidence);
    return { ...base, state: ready ? 'ready' : 'review', value: checked.value, origin: p.origin, confidence: p.confidence, note: p.note };
  });
}

/** Quote-check figures over the proposals: how many values were checked against their documents. */
export function quoteChecks(proposals: FieldProposal[], ms: number): { summary: QuoteChecks; fields: { field_id: number; method: 'quote_check'; passed: boolean }[] } {
  const fields = proposals
    .filter((p) => p.value !== null && p.status !== 'missing')
    .map((p) => ({ field_id: p.field_id, method: 'quote_check' as const, passed: p.evidence.some((e) => e.method === 'quote_check') }));
  return { summary: { ran: true, checked: fields.length, doubted: fields.filter((f) => !f.passed).length, cost: 0, ms: Math.round(ms) }, fields };
}

async function loadProposal(ctx: AppContext, ownerId: string, proposalId: string, token: string | undefined) {
  const proposal = await ctx.db.proposal.findFirst({ where: { id: proposalId, ownerId } });
  if (!proposal) throw notFound('proposal');
  // The token is what pay-per-call callers hold instead of the account key; when one is
  // presented it must be the right one, whoever presents it.
  if (token !== undefined) {
    const given = Buffer.from(hashToken(token), 'hex');
    const expected = Buffer.from(proposal.tokenHash, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError('forbidden', 'wrong_proposal_token', 'The proposal token does not match this proposal.');
  }
  const form = await ctx.db.form.findFirst({ where: { id: proposal.formId, ownerId } });
  if (!form) throw notFound('proposal');
  return { proposal, form };
}

function openFields(fields: ProposedField[], contract: Contract) {
  const types = new Map(contract.fields.map((f) => [f.id, f.type]));
  return fields.filter((f) => (f.state === 'review' || f.state === 'conflict' || f.state === 'missing') && types.get(f.field_id) !== 'signature');
}

function requirements(contract: Contract) {
  return {
    signatures: contract.fields.filter((f) => f.type === 'signature').map((f) => ({ field_id: f.id, label: f.label, page: f.page + 1 })),
    attachments: [] as { name: string; note: string }[],
  };
}

function unresolvedOf(fields: ProposedField[], contract: Contract) {
  return {
    fields: openFields(fields, contract).map((f) => ({ field_id: f.field_id, label: f.label, state: f.state, proposed_value: f.value, note: f.note })),
    attachments: [] as { name: string; note: string }[],
  };
}

export async function getProposal(ctx: AppContext, ownerId: string, proposalId: string, token?: string) {
  const { proposal, form } = await loadProposal(ctx, ownerId, proposalId, token);
  const contract = form.contract as unknown as Contract | null;
  const fields = (proposal.fields as unknown as ProposedField[] | null) ?? [];
  const commits = await ctx.db.proposalCommit.findMany({ where: { proposalId }, orderBy: { n: 'asc' }, select: { n: true, createdAt: true, auto: true, result: true, valuesSupplied: true } });
  return {
    proposal_id: proposal.id,
    form_id: proposal.formId,
    job_id: proposal.jobId,
    status: proposal.status as 'processing' | 'open' | 'committed' | 'failed',
    policy: proposal.policy as Policy,
    proposed_at: (proposal.proposedAt ? isoTimestamp(proposal.proposedAt) : null),
    fields,
    unresolved: contract ? unresolvedOf(fields, contract) : { fields: [], attachments: [] },
    requirements: contract ? requirements(contract) : { signatures: [], attachments: [] },
    commits: commits.map(commitView),
  };
}

const commitView = (c: { n: number; createdAt: Date; auto: boolean; result: string; valuesSupplied: number }) => ({
  n: c.n,
  at: isoTimestamp(c.createdAt),
  auto: c.auto,
  result: c.result,
  values_supplied: c.valuesSupplied,
});

export interface CommitInput {
  values?: { field_id: number; value: string }[];
  decline?: number[];
  auto?: boolean;
}

/**
 * Settles the proposal and renders it. Settlements carry over from the previous commit, so a
 * caller can answer open fields a few at a time. Without `auto`, every open field must be settled
 * (a value or a decline); with it, open fields stay empty and are listed as unresolved.
 */
export async function commitProposal(ctx: AppContext, ownerId: string, proposalId: string, token: string | undefined, input: CommitInput) {
  const { proposal, form } = await loadProposal(ctx, ownerId, proposalId, token);
  if (proposal.status === 'processing') throw new DomainError('conflict', 'proposal_not_ready', 'The prepare job is still running; commit once GET /forms/with-context/{job_id} is ready.');
  if (proposal.status === 'failed') throw new DomainError('conflict', 'proposal_failed', 'The prepare job failed; there is nothing to commit.');
  if (form.documentsDeletedAt || !form.fillableBlob) throw new DomainError('gone', 'documents_deleted', 'The documents of this form were deleted under its retention policy.');
  const contract = form.contract as unknown as Contract;
  const byId = new Map(contract.fields.map((f) => [f.id, f]));
  const proposed = proposal.fields as unknown as ProposedField[];
  const previous = await ctx.db.proposalCommit.findFirst({ where: { proposalId }, orderBy: { n: 'desc' } });
  const settled: Settled = structuredClone((previous?.settled as unknown as Settled | undefined) ?? {});

  const values = input.values ?? [];
  const decline = input.decline ?? [];
  const unknown = [...values.map((v) => v.field_id), ...decline].filter((id) => !byId.has(id));
  if (unknown.length) throw new DomainError('unprocessable', 'unknown_field', `No field with id ${[...new Set(unknown)].join(', ')} in this form.`, { field_ids: [...new Set(unknown)] });
  const both = values.filter((v) => decline.includes(v.field_id)).map((v) => v.field_id);
  if (both.length) throw new DomainError('invalid', 'invalid_request', `Field ${both.join(', ')} is both given a value and declined.`);
  const { accepted, problems } = checkSuppliedValues(byId, values);
  for (const [id, value] of accepted) settled[id] = { value, state: 'user' };
  if (problems.length) throw new DomainError('unprocessable', 'invalid_value', problems.map((p) => `field ${p.field_id}: ${p.message}`).join(' '), { issues: problems });
  for (const id of decline) settled[id] = { value: null, state: 'declined' };

  const fields = settle(proposed, settled);
  const open = openFields(fields, contract);
  if (!input.auto && open.length) {
    throw new DomainError('unprocessable', 'unsettled_fields', `${open.length} field(s) are still open (${open.slice(0, 10).map((f) => f.field_id).join(', ')}${open.length > 10 ? ', …' : ''}): give them values, decline them, or commit with "auto": true to leave them empty.`, {
      field_ids: open.map((f) => f.field_id),
    });
  }

  const { pdf, report, artifact } = await render(ctx, ownerId, form, contract, fields, proposalId, (previous?.n ?? 0) + 1);
  const n = (previous?.n ?? 0) + 1;
  const committedAt = new Date();
  const receipt = {
    receipt_version: RECEIPT_VERSION,
    service_version: SERVICE_VERSION,
    proposal_id: proposal.id,
    form_id: form.id,
    contract: { schema_version: contract.schema_version, detector_version: contract.detector_version },
    policy: proposal.policy,
    mode: 'two_call',
    timestamps: { proposed_at: (proposal.proposedAt ? isoTimestamp(proposal.proposedAt) : null), committed_at: isoTimestamp(committedAt), verified_at: report.checked_at },
    fields: fields.map((f) => ({
      field_id: f.field_id,
      label: f.label,
      value: written(f) ? f.value : null,
      state: f.state,
      origin: f.origin,
      confidence: f.confidence,
      evidence: f.evidence,
      note: f.note,
    })),
    unresolved: unresolvedOf(fields, contract),
    verification: report,
    requirements: requirements(contract),
    files: { filled_pdf: { name: artifact.name, bytes: pdf.length, sha256: artifact.sha256, artifact_id: artifact.id } },
    commits: [] as ReturnType<typeof commitView>[],
    retention: retentionOf(form),
    checks: (proposal.checks as unknown as { summary: QuoteChecks; fields: unknown[] } | null) ?? { summary: { ran: false, checked: 0, doubted: 0, cost: 0, ms: 0 }, fields: [] },
  };
  try {
    await ctx.db.$transaction(async (tx) => {
      const earlier = await tx.proposalCommit.findMany({ where: { proposalId }, orderBy: { n: 'asc' } });
      receipt.commits = [...earlier.map(commitView), commitView({ n, createdAt: committedAt, auto: Boolean(input.auto), result: report.result, valuesSupplied: values.length })];
      await tx.proposalCommit.create({
        data: { proposalId, n, auto: Boolean(input.auto), valuesSupplied: values.length, settled: settled as never, result: report.result, receipt: receipt as never, pdfBlob: artifact.blob, artifactId: artifact.id, createdAt: committedAt },
      });
      await tx.proposal.update({ where: { id: proposalId }, data: { status: 'committed' } });
      await tx.form.update({ where: { id: form.id }, data: { lastActivityAt: committedAt } });
    });
  } catch (err) {
    // Another commit took number n first: ours is dropped, the caller retries on the new state.
    if ((err as { code?: string }).code === 'P2002') throw new DomainError('conflict', 'commit_conflict', 'Another commit of this proposal happened at the same time; retry.');
    throw err;
  }
  return receipt;
}

/** Proposal fields with the caller's settlements applied. */
function settle(proposed: ProposedField[], settled: Settled): ProposedField[] {
  return proposed.map((f) => {
    const s = settled[f.field_id];
    if (!s) return f;
    if (s.state === 'declined') return { ...f, state: 'declined', value: null, note: 'Declined by the caller.' };
    return { ...f, state: 'user', value: s.value, origin: 'user', confidence: null, evidence: [], note: null };
  });
}

const written = (f: ProposedField) => (f.state === 'ready' || f.state === 'user') && f.value !== null;

async function render(ctx: AppContext, ownerId: string, form: { id: string; fillableBlob: string | null }, contract: Contract, fields: ProposedField[], proposalId: string, n: number) {
  const { fillPdf, FillValidationError, PdfPasswordError, PdfStructureError, UnsupportedEncryptionError } = await import('../pdf/fill/index.ts');
  const byId = new Map(contract.fields.map((f) => [f.id, f]));
  const values: Record<string, string | boolean> = {};
  for (const f of fields) {
    const field = byId.get(f.field_id) as ContractField;
    if (written(f) && field.type !== 'signature') values[field.name] = fillerValue(field, f.value!);
  }
  const source = await ctx.blobs.get(form.fillableBlob!);
  let pdf: Uint8Array;
  try {
    pdf = await fillPdf(source, values);
  } catch (err) {
    if (err instanceof FillValidationError) throw new DomainError('unprocessable', 'invalid_value', err.message, { issues: err.issues });
    if (err instanceof PdfPasswordError || err instanceof PdfStructureError || err instanceof UnsupportedEncryptionError) {
      throw new DomainError('conflict', 'form_not_fillable', `The form's PDF cannot be written: ${err.message}`);
    }
    throw err;
  }
  const report = await verifyRendered(contract, pdf);
  const artifact = await createArtifact(ctx, ownerId, { bytes: pdf, name: `proposal-${proposalId}-commit-${n}.pdf`, pageCount: contract.page_count, origin: 'proposal' });
  return { pdf, report, artifact };
}

function retentionOf(form: { retention: string; lastActivityAt: Date; documentsDeletedAt: Date | null }) {
  if (form.retention !== 'ephemeral') return { policy: form.retention, documents_deleted_after: null };
  const after = form.documentsDeletedAt ?? new Date(Date.now() + EPHEMERAL_AFTER_MS);
  return { policy: form.retention, documents_deleted_after: isoTimestamp(after) };
}

async function newestCommit(ctx: AppContext, ownerId: string, proposalId: string, token: string | undefined) {
  const { form } = await loadProposal(ctx, ownerId, proposalId, token);
  const commit = await ctx.db.proposalCommit.findFirst({ where: { proposalId }, orderBy: { n: 'desc' } });
  if (!commit) throw new DomainError('not_found', 'no_commit', 'The proposal has no commit yet: POST /proposals/{id}/commit first.');
  return { commit, form };
}

export async function proposalReceipt(ctx: AppContext, ownerId: string, proposalId: string, token?: string) {
  return (await newestCommit(ctx, ownerId, proposalId, token)).commit.receipt;
}

export async function proposalPdf(ctx: AppContext, ownerId: string, proposalId: string, token?: string): Promise<{ bytes: Uint8Array; n: number }> {
  const { commit, form } = await newestCommit(ctx, ownerId, proposalId, token);
  if (form.documentsDeletedAt || !commit.pdfBlob) throw new DomainError('gone', 'documents_deleted', 'The filled PDF was deleted under the retention policy.');
  return { bytes: await ctx.blobs.get(commit.pdfBlob), n: commit.n };
}
