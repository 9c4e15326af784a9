// Proposal rows as the use cases read them: the caller's proposal with its form, opened by the
// proposal token when one is presented, and its newest commit.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { DomainError, notFound } from '../domain/errors.ts';

/** Only the SHA-256 of a proposal token is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function openProposal(ctx: AppContext, ownerId: string, proposalId: string, token: string | undefined) {
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

/** The proposal's newest commit; no_commit (not found) before the first. */
export async function newestCommit(ctx: AppContext, ownerId: string, proposalId: string, token: string | undefined) {
  const { form } = await openProposal(ctx, ownerId, proposalId, token);
  const commit = await ctx.db.proposalCommit.findFirst({ where: { proposalId }, orderBy: { n: 'desc' } });
  if (!commit) throw new DomainError('not_found', 'no_commit', 'The proposal has no commit yet: POST /proposals/{id}/commit first.');
  return { commit, form };
}
