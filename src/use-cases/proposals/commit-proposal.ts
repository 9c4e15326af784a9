// POST /proposals/{id}/commit (§2.5, §3.5, §4.5): how a proposal is committed. The caller's
// settlements (values, declines) are checked and added to the previous commit's; unless `auto`,
// every open field must be settled; the fillable PDF is filled with the ready and the caller's
// values, verified, kept as an artifact, and a numbered commit freezes its receipt. Two commits at
// once: the second is refused (commit_conflict) and retried by the caller on the new state.
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Contract, ContractField } from '../../domain/contracts.ts';
import { checkSuppliedValues, fillerValue } from '../../domain/field-values.ts';
import { commitView, openFields, requirements, settle, unresolvedOf, written, type ProposedField, type QuoteChecks, type Settled } from '../../domain/proposal-fields.ts';
import { verifyValues } from '../../domain/verification.ts';
import { readFilled, writeValues } from '../../workers/offload.ts';
import { createArtifact } from '../../store/artifacts.ts';
import { contractOf } from '../../store/forms.ts';
import { openProposal } from '../../store/proposals.ts';
import { EPHEMERAL_AFTER_MS } from '../forms/delete-expired-documents.ts';
import { SERVICE_VERSION } from '../../version.ts';
import { isoTimestamp } from '../../timestamp.ts';

export const RECEIPT_VERSION = '1';

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
  const { proposal, form } = await openProposal(ctx, ownerId, proposalId, token);
  if (proposal.status === 'processing') throw new DomainError('conflict', 'proposal_not_ready', 'The prepare job is still running; commit once GET /forms/with-context/{job_id} is ready.');
  if (proposal.status === 'failed') throw new DomainError('conflict', 'proposal_failed', 'The prepare job failed; there is nothing to commit.');
  if (form.documentsDeletedAt || !form.fillableBlob) throw new DomainError('gone', 'documents_deleted', 'The documents of this form were deleted under its retention policy.');
  const contract = contractOf(form);
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

async function render(ctx: AppContext, ownerId: string, form: { id: string; fillableBlob: string | null }, contract: Contract, fields: ProposedField[], proposalId: string, n: number) {
  const byId = new Map(contract.fields.map((f) => [f.id, f]));
  const values: Record<string, string | boolean> = {};
  for (const f of fields) {
    const field = byId.get(f.field_id) as ContractField;
    if (written(f) && field.type !== 'signature') values[field.name] = fillerValue(field, f.value!);
  }
  const source = await ctx.blobs.get(form.fillableBlob!);
  const pdf = await writeValues(ctx, source, values, { clearPlaceholders: true });
  const read = await readFilled(ctx, pdf, { contract, bounds: false }); // our own render: no bounds to check
  const report = verifyValues(contract, read.values!, read.radios!);
  const artifact = await createArtifact(ctx, ownerId, { bytes: pdf, name: `proposal-${proposalId}-commit-${n}.pdf`, pageCount: contract.page_count, origin: 'proposal' });
  return { pdf, report, artifact };
}

function retentionOf(form: { retention: string; lastActivityAt: Date; documentsDeletedAt: Date | null }) {
  if (form.retention !== 'ephemeral') return { policy: form.retention, documents_deleted_after: null };
  const after = form.documentsDeletedAt ?? new Date(Date.now() + EPHEMERAL_AFTER_MS);
  return { policy: form.retention, documents_deleted_after: isoTimestamp(after) };
}

