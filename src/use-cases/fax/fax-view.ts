// What GET /fax/{id} (and the pay-per-call status link) shows of a fax: never the full number.
import { z } from 'zod';
import type { Fax } from '../../generated/prisma/client.ts';
import { microsToUsd } from '../../payments/pricing.ts';
import { isoTimestamp } from '../../timestamp.ts';

export const FaxSchema = z.object({
  fax_id: z.string(),
  status: z.enum(['queued', 'sending', 'delivered', 'failed']),
  to: z.string().describe('the fax number, masked'),
  pages: z.number().int().describe('pages of the PDF sent, cover page included'),
  pages_sent: z.number().int().nullable().describe('pages the provider reports as transmitted'),
  cover_page: z.boolean(),
  attempts: z.number().int().describe('times the fax was handed to the provider'),
  failure_reason: z.string().nullable().describe("the provider's reason (failed), or the reason of the last retried attempt"),
  price: z.object({
    per_page_usd: z.string(),
    charged_usd: z.string().nullable().describe('set at delivery: transmitted pages × per-page price; a failed fax costs nothing'),
  }),
  document_sha256: z.string(),
  documents_deleted: z.boolean().describe('the document was deleted under ephemeral retention'),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type FaxView = z.infer<typeof FaxSchema>;

const ts = (d: Date | null) => (d ? isoTimestamp(d) : null);

export function faxView(f: Fax): FaxView {
  return {
    fax_id: f.id,
    status: f.status as FaxView['status'],
    to: f.destinationMasked,
    pages: f.pages,
    pages_sent: f.pagesSent,
    cover_page: f.coverPage,
    attempts: f.attempts,
    failure_reason: f.failureReason,
    price: { per_page_usd: microsToUsd(f.pricePerPageMicros), charged_usd: f.chargedMicros === null ? null : microsToUsd(f.chargedMicros) },
    document_sha256: f.documentSha256,
    documents_deleted: Boolean(f.documentsDeletedAt),
    created_at: isoTimestamp(f.createdAt),
    sent_at: ts(f.sentAt),
    delivered_at: ts(f.deliveredAt),
    failed_at: ts(f.failedAt),
    updated_at: isoTimestamp(f.updatedAt),
  };
}
