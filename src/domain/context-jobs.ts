// Context jobs (§2.4, §3.2, §4.4, §4.5): a form plus supporting documents in, proposed values out.
//   with_context  the values are written into a completed session (GET /sessions/{id}/pdf)
//   prepare       the values become a proposal, settled by commits (src/domain/proposals.ts)
// Either job may start from a ready form or from a new PDF, which the job then processes itself,
// so detection and the fill run as one unit of work. The request is billed when it is accepted and
// the charge is voided if the job fails.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { DomainError, notFound } from './errors.ts';
import type { UploadedFile } from '../http/upload.ts';
import { assertBillable } from '../billing/allowance.ts';
import { pdfSummary } from '../pdf/document.ts';
import { newJobRow } from '../jobs/kinds.ts';
import { admitPdf, createForm, requireReadyForm, type Retention } from './forms.ts';
import { recordUsage } from './usage.ts';
import { checkArchive, isZip } from './sheet-limits.ts';
import { checkPdfBounds } from './pdf-limits.ts';
import { looksLikePdf } from '../pdf/pdfjs.ts';
import { LIMITS } from '../limits.ts';

export const POLICIES = ['safe', 'strict'] as const;
export type Policy = (typeof POLICIES)[number];
export type ContextJobKind = 'with_context' | 'prepare';

/** The error codes a context job ends with (§2.4); anything else is reported as job_failed. */
export const CONTEXT_JOB_ERRORS = ['context_too_large', 'unsupported_context_file', 'context_fill_failed', 'apply_rejected', 'form_processing_failed', 'job_failed'] as const;

/** A supporting document as the job row keeps it until the job ends. */
export interface StoredDocument {
  id: string;
  name: string;
  mimetype: string;
  sha256: string;
  bytes: number;
  blob: string;
}

export interface StartContextJob {
  ownerId: string;
  kind: ContextJobKind;
  /** A ready form of the caller's, or a new PDF to create one from. */
  form: { id: string } | { file: UploadedFile; retention: Retention };
  context: UploadedFile[];
  policy: Policy;
  callbackUrl?: string;
}

export interface StartedContextJob {
  job_id: string;
  status: 'processing';
  form_id: string;
  proposal_id?: string;
  /** prepare only: the secret that opens the proposal for callers without the account key. */
  proposal_token?: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Supporting documents past the input limits (src/limits.ts) are refused with 413 before anything
 * is stored or charged: a DOCX or XLSX (a zip) that inflates too far or holds too many paragraphs,
 * a PDF with a giant image, too many pages or streams that inflate too far.
 */
export async function admitContextDocuments(files: UploadedFile[]): Promise<void> {
  for (const f of files) {
    if (isZip(f.bytes)) checkArchive(f.bytes);
    else if (looksLikePdf(f.bytes)) await checkContextPdf(f);
  }
}

async function checkContextPdf(f: UploadedFile): Promise<void> {
  const name = `The context file "${f.filename || 'document'}"`;
  await checkPdfBounds(f.bytes, name);
  const pages = await pdfSummary(f.bytes).then((s) => s.page_count, () => 0); // unreadable: the job says so
  if (pages > LIMITS.pages) throw new DomainError('too_large', 'too_many_pages', `${name} has ${pages} pages; at most ${LIMITS.pages} are accepted.`, { max: LIMITS.pages });
}

/** Pages the free tier's cap counts: the form's plus every supporting document's (non-PDFs count one). */
async function contextPages(files: UploadedFile[]): Promise<number> {
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

function sameAsForm(formSha256: string, context: UploadedFile[]): void {
  const same = context.find((f) => f.sha256 === formSha256);
  if (same) {
    throw new DomainError('unprocessable', 'document_same_as_form', `The context file "${same.filename}" is the form itself. Send the documents that hold the answers; nothing was charged.`);
  }
}

export async function startContextJob(ctx: AppContext, input: StartContextJob): Promise<StartedContextJob> {
  const { ownerId } = input;
  let formId: string;
  let formPages: number;
  if ('id' in input.form) {
    const form = await requireReadyForm(ctx, ownerId, input.form.id);
    if (form.documentsDeletedAt || !form.fillableBlob) throw new DomainError('gone', 'documents_deleted', 'The documents of this form were deleted under its retention policy.');
    sameAsForm(form.sourceSha256, input.context);
    formId = form.id;
    formPages = form.pageCount;
  } else {
    sameAsForm(input.form.file.sha256, input.context);
    formPages = (await admitPdf(input.form.file)).info.page_count; // 400 unreadable, 413 over 100 pages
    formId = '';
  }
  await admitContextDocuments(input.context);
  // Billing checks come before anything is stored: a 402 leaves no trace.
  if (!('id' in input.form) && input.kind === 'prepare') await assertBillable(ctx, ownerId, 'make_fillable');
  await assertBillable(ctx, ownerId, 'fill_with_context', formPages + (await contextPages(input.context)));

  if (!('id' in input.form)) {
    const created = await createForm(ctx, {
      ownerId,
      file: input.form.file,
      retention: input.form.retention,
      processJob: false,
      billCreate: input.kind === 'prepare', // §8.2: prepare on a new PDF bills a creation; with-context does not
    });
    formId = created.form_id;
  }

  const id = randomUUID();
  const documents: StoredDocument[] = [];
  for (const f of input.context) {
    const docId = randomUUID();
    const blob = `${ownerId}/context/${id}/${docId}`;
    await ctx.blobs.put(blob, f.bytes);
    documents.push({ id: docId, name: (f.filename || 'document').slice(0, 200), mimetype: f.mimetype, sha256: f.sha256, bytes: f.bytes.length, blob });
  }
  const proposalId = input.kind === 'prepare' ? randomUUID() : undefined;
  const token = input.kind === 'prepare' ? `pt_${randomBytes(24).toString('base64url')}` : undefined;
  const job = newJobRow('context.fill', { contextJobId: id }, { ownerId });
  await ctx.db.$transaction(async (tx) => {
    await tx.contextJob.create({
      data: { id, ownerId, kind: input.kind, formId, policy: input.policy, documents: documents as never, callbackUrl: input.callbackUrl ?? null, proposalId: proposalId ?? null },
    });
    if (proposalId && token) await tx.proposal.create({ data: { id: proposalId, ownerId, formId, jobId: id, policy: input.policy, tokenHash: hashToken(token) } });
    await recordUsage(tx, { ownerId, kind: 'with_context', subjectId: id });
    await tx.job.create({ data: job });
  });
  await ctx.queue.dispatch(job.id);
  return { job_id: id, status: 'processing', form_id: formId, ...(proposalId ? { proposal_id: proposalId, proposal_token: token } : {}) };
}

export async function contextJobView(ctx: AppContext, ownerId: string, jobId: string) {
  const job = await ctx.db.contextJob.findFirst({ where: { id: jobId, ownerId } });
  if (!job) throw notFound('job');
  return {
    job_id: job.id,
    kind: job.kind as ContextJobKind,
    status: job.status as 'processing' | 'ready' | 'failed',
    form_id: job.formId,
    session_id: job.sessionId,
    proposal_id: job.status === 'ready' ? job.proposalId : null,
    report: job.report ?? null,
    error: (job.error as { code: string; message: string } | null) ?? null,
  };
}
