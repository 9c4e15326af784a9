// GET /proposals/{id}: every field with its state, value, origin, confidence and evidence, what
// is still open, what a person must add (signatures), and the commits so far.
import type { AppContext } from '../../context.ts';
import type { Contract } from '../../domain/contracts.ts';
import { commitView, requirements, unresolvedOf, type Policy, type ProposedField } from '../../domain/proposal-fields.ts';
import { openProposal } from '../../store/proposals.ts';
import { isoTimestamp } from '../../timestamp.ts';

export async function getProposal(ctx: AppContext, ownerId: string, proposalId: string, token?: string) {
  const { proposal, form } = await openProposal(ctx, ownerId, proposalId, token);
  const contract = form.contract as unknown as Contract | null; // none until the prepare job processed a new form
  const fields = (proposal.fields as unknown as ProposedField[] | null) ?? [];
  const commits = await ctx.db.proposalCommit.findMany({ where: { proposalId }, orderBy: { n: 'asc' }, select: { n: true, createdAt: true, auto: true, result: true, valuesSupplied: true } });
  return {
    proposal_id: proposal.id,
    form_id: proposal.formId,
    job_id: proposal.jobId,
    status: proposal.status as 'processing' | 'open' | 'committed' | 'failed',
    policy: proposal.policy as Policy,
    proposed_at: proposal.proposedAt ? isoTimestamp(proposal.proposedAt) : null,
    fields,
    unresolved: contract ? unresolvedOf(fields, contract) : { fields: [], attachments: [] },
    requirements: contract ? requirements(contract) : { signatures: [], attachments: [] },
    commits: commits.map(commitView),
  };
}
