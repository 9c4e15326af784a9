// POST /fax for an account: the PDF comes from an upload, an artifact, a filled session or a
// committed proposal; the free tier is checked for the pages that will be transmitted; the fax is
// written as queued and the fax.send job hands it to the provider. Billing happens at delivery.
import type { AppContext } from '../../context.ts';
import type { UploadedFile } from '../../domain/documents.ts';
import { admitUpload } from '../../workers/offload.ts';
import { getArtifactPdf } from '../artifacts/get-artifact-pdf.ts';
import { getSessionPdf } from '../sessions/get-session-pdf.ts';
import { getProposalPdf } from '../proposals/get-proposal-pdf.ts';
import { assertBillable } from '../../billing/allowance.ts';
import type { CoverPage } from '../../fax/cover-page.ts';
import { createFax, requireFax, sha256Hex, transmittedPages, type CreatedFax } from './create-fax.ts';
import { FAX_SEND_JOB } from './apply-fax-webhook.ts';

export type FaxSource =
  | { kind: 'upload'; file: UploadedFile }
  | { kind: 'artifact'; id: string }
  | { kind: 'session'; id: string }
  | { kind: 'proposal'; id: string; token?: string };

export interface SendFaxInput {
  ownerId: string;
  source: FaxSource;
  to: string;
  cover?: CoverPage;
  callbackUrl?: string;
  retention: 'keep' | 'ephemeral';
}

async function sourceFile(ctx: AppContext, ownerId: string, source: FaxSource): Promise<UploadedFile> {
  if (source.kind === 'upload') return source.file;
  const bytes =
    source.kind === 'artifact'
      ? await getArtifactPdf(ctx, ownerId, source.id)
      : source.kind === 'session'
        ? await getSessionPdf(ctx, ownerId, source.id)
        : (await getProposalPdf(ctx, ownerId, source.id, source.token)).bytes;
  const buf = Buffer.from(bytes);
  return { field: 'file', filename: `${source.kind}.pdf`, mimetype: 'application/pdf', bytes: buf, sha256: sha256Hex(buf) };
}

export async function sendFax(ctx: AppContext, input: SendFaxInput): Promise<CreatedFax> {
  requireFax(ctx);
  const file = await sourceFile(ctx, input.ownerId, input.source);
  const { info } = await admitUpload(ctx, file); // readable, ≤ 100 pages: the limits of POST /forms
  await assertBillable(ctx, input.ownerId, 'fax_page', undefined, transmittedPages(info.page_count, input.cover));
  const created = await createFax(ctx, {
    ownerId: input.ownerId,
    document: { bytes: file.bytes, sha256: file.sha256, pages: info.page_count },
    to: input.to,
    cover: input.cover,
    callbackUrl: input.callbackUrl,
    retention: input.retention,
  });
  if (created.created) await ctx.queue.enqueue(FAX_SEND_JOB, { faxId: created.fax.id }, { jobId: `fax-send-${created.fax.id}-1`, ownerId: input.ownerId });
  return created;
}
