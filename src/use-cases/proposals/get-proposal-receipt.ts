// GET /proposals/{id}/receipt: the receipt the newest commit froze (no_commit before the first).
import type { AppContext } from '../../context.ts';
import { newestCommit } from '../../store/proposals.ts';

export async function getProposalReceipt(ctx: AppContext, ownerId: string, proposalId: string, token?: string) {
  return (await newestCommit(ctx, ownerId, proposalId, token)).commit.receipt;
}
