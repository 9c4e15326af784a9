// Supporting documents of a context fill checked before anything is stored or charged, on every
// door (the account's with-context and prepare, the pay door): their bounds, and the pages the free
// tier's cap counts. They are opened to be counted (pdf.js, the archive reader), so this runs in a
// worker thread (workers/jobs.ts 'admit-context'), never in the HTTP process.
import { DomainError } from './errors.ts';
import type { UploadedDocument } from './documents.ts';
import { checkArchive, isZip } from './sheet-limits.ts';
import { checkPdfBounds } from './pdf-limits.ts';
import { pdfSummary } from '../pdf/document.ts';
import { looksLikePdf } from '../pdf/errors.ts';
import { LIMITS } from '../limits.ts';

/**
 * Supporting documents past the input limits (src/limits.ts) are refused with too_large before
 * anything is stored or charged: a DOCX or XLSX (a zip) that inflates too far or holds too many
 * paragraphs, a PDF with a giant image, too many pages or streams that inflate too far.
 */
export async function admitContextDocuments(files: UploadedDocument[]): Promise<void> {
  for (const f of files) {
    if (isZip(f.bytes)) checkArchive(f.bytes);
    else if (looksLikePdf(f.bytes)) await checkContextPdf(f);
  }
}

async function checkContextPdf(f: UploadedDocument): Promise<void> {
  const name = `The context file "${f.filename || 'document'}"`;
  await checkPdfBounds(f.bytes, name);
  const pages = await pdfSummary(f.bytes).then((s) => s.page_count, () => 0); // unreadable: the job says so
  if (pages > LIMITS.pages) throw new DomainError('too_large', 'too_many_pages', `${name} has ${pages} pages; at most ${LIMITS.pages} are accepted.`, { max: LIMITS.pages });
}

/** Pages the free tier's cap counts: every supporting document's (non-PDFs count one). */
export async function contextPages(files: UploadedDocument[]): Promise<number> {
  let pages = 0;
  for (const f of files) {
    if (Buffer.from(f.bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
      pages += 1;
      continue;
    }
    try {
      pages += (await pdfSummary(f.bytes)).page_count;
    } catch {
      pages += 1; // unreadable: the job reports it as unsupported_context_file
    }
  }
  return pages;
}
