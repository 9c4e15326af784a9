// GET /proposals/{id}/pdf: the PDF the newest commit rendered; gone once retention deleted it.
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newestCommit } from '../../store/proposals.ts';

export async function getProposalPdf(ctx: AppContext, ownerId: string, proposalId: string, token?: string): Promise<{ bytes: Uint8Array; n: number }> {
  const { commit, form } = await newestCommit(ctx, ownerId, proposalId, token);
  if (form.documentsDeletedAt || !commit.pdfBlob) throw new DomainError('gone', 'documents_deleted', 'The filled PDF was deleted under the retention policy.');
  return { bytes: await ctx.blobs.get(commit.pdfBlob), n: commit.n };
}
