// The proposal use cases (src/use-cases/proposals/), each on a real database: read, commit
// (settlements, unsettled fields, the receipt and its artifact), the newest receipt and PDF.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readyFormOf, refusalOf, useCaseContext } from '../../helpers/use-cases.ts';
import { fillableFormPdf } from '../../helpers/pdfs.ts';
import { getContract } from '../../../src/use-cases/forms/get-contract.ts';
import { getProposal } from '../../../src/use-cases/proposals/get-proposal.ts';
import { commitProposal } from '../../../src/use-cases/proposals/commit-proposal.ts';
import { getProposalReceipt } from '../../../src/use-cases/proposals/get-proposal-receipt.ts';
import { getProposalPdf } from '../../../src/use-cases/proposals/get-proposal-pdf.ts';
import { hashToken } from '../../../src/store/proposals.ts';
import type { ProposedField } from '../../../src/domain/proposal-fields.ts';
import { readPdfValues } from '../../../src/pdf/read.ts';

const h = useCaseContext();
const TOKEN = 'pt_test-token';

/** An open proposal on a ready form: the ZIP ready from a document, the country for review, the rest missing. */
async function openProposal() {
  const formId = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf());
  const contract = await getContract(h.ctx, h.ownerId, formId);
  const id = (name: string) => contract.fields.find((f) => f.name === name)!.id;
  const fields: ProposedField[] = contract.fields.map((f) => {
    const base = { field_id: f.id, label: f.label, evidence: [], note: null };
    if (f.name === 'applicant.zip') return { ...base, state: 'ready', value: '53703', origin: 'document', confidence: 'high' };
    if (f.name === 'country') return { ...base, state: 'review', value: 'Japan', origin: 'document', confidence: 'low' };
    return { ...base, state: 'missing', value: null, origin: null, confidence: null };
  });
  const proposalId = randomUUID();
  await h.ctx.db.proposal.create({ data: { id: proposalId, ownerId: h.ownerId, formId, jobId: randomUUID(), policy: 'safe', tokenHash: hashToken(TOKEN), status: 'open', fields: fields as never, proposedAt: new Date() } });
  return { proposalId, id };
}

describe('proposals', () => {
  test('getProposal lists the fields, what is open and the signatures a person adds; a wrong token is forbidden', async () => {
    const { proposalId, id } = await openProposal();
    const p = await getProposal(h.ctx, h.ownerId, proposalId, TOKEN);
    expect(p).toMatchObject({ status: 'open', policy: 'safe', commits: [] });
    expect(p.unresolved.fields.map((f) => f.field_id)).toContain(id('country'));
    expect(p.requirements.signatures.map((s) => s.field_id)).toEqual([id('applicant_signature')]);
    expect(await refusalOf(getProposal(h.ctx, h.ownerId, proposalId, 'pt_wrong'))).toMatchObject({ refusal: 'forbidden', code: 'wrong_proposal_token' });
  });

  test('commitProposal refuses open fields without auto, then commits: PDF, verification, receipt and artifact', async () => {
    const { proposalId, id } = await openProposal();
    expect(await refusalOf(getProposalReceipt(h.ctx, h.ownerId, proposalId))).toMatchObject({ refusal: 'not_found', code: 'no_commit' });
    expect(await refusalOf(commitProposal(h.ctx, h.ownerId, proposalId, undefined, {}))).toMatchObject({ refusal: 'unprocessable', code: 'unsettled_fields' });
    expect(await refusalOf(commitProposal(h.ctx, h.ownerId, proposalId, undefined, { values: [{ field_id: id('agree'), value: 'maybe' }], auto: true }))).toMatchObject({ code: 'invalid_value' });

    const receipt = await commitProposal(h.ctx, h.ownerId, proposalId, undefined, { values: [{ field_id: id('country'), value: 'France' }], decline: [id('agree')], auto: true });
    expect(receipt.fields.find((f) => f.field_id === id('applicant.zip'))).toMatchObject({ state: 'ready', value: '53703' });
    expect(receipt.fields.find((f) => f.field_id === id('country'))).toMatchObject({ state: 'user', value: 'France', origin: 'user' });
    expect(receipt.fields.find((f) => f.field_id === id('agree'))).toMatchObject({ state: 'declined', value: null });
    expect(receipt.commits.map((c) => c.n)).toEqual([1]);
    expect(await h.ctx.db.artifact.count({ where: { id: receipt.files.filled_pdf.artifact_id, ownerId: h.ownerId } })).toBe(1);

    // The next commit builds on this one's settlements.
    const second = await commitProposal(h.ctx, h.ownerId, proposalId, undefined, { auto: true });
    expect(second.fields.find((f) => f.field_id === id('country'))).toMatchObject({ state: 'user', value: 'France' });
    expect((await getProposalReceipt(h.ctx, h.ownerId, proposalId)) as { commits: unknown[] }).toMatchObject({ commits: [{ n: 1 }, { n: 2 }] });
    const { bytes, n } = await getProposalPdf(h.ctx, h.ownerId, proposalId);
    expect(n).toBe(2);
    const values = Object.fromEntries((await readPdfValues(bytes)).fields.map((f) => [f.name, f.value]));
    expect(values).toMatchObject({ 'applicant.zip': '53703', country: 'France' });
    expect((await getProposal(h.ctx, h.ownerId, proposalId)).status).toBe('committed');
  });

  test('a proposal still being prepared cannot be committed', async () => {
    const { proposalId } = await openProposal();
    await h.ctx.db.proposal.update({ where: { id: proposalId }, data: { status: 'processing' } });
    expect(await refusalOf(commitProposal(h.ctx, h.ownerId, proposalId, undefined, { auto: true }))).toMatchObject({ refusal: 'conflict', code: 'proposal_not_ready' });
  });
});
