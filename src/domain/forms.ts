// Forms (§2.1, §3.1): upload → processing → ready | failed. The job that moves a form out of
// processing is jobs/form-process.ts.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { DomainError, notFound } from './errors.ts';
import { LIMITS, SCHEMA_VERSION } from '../config.ts';
import { pdfSummary, type PdfDocument } from '../pdf/document.ts';
import { newJobRow } from '../jobs/kinds.ts';
import { recordUsage } from './usage.ts';
import type { Contract } from './contracts.ts';
import type { UploadedFile } from '../http/upload.ts';
import { checkPdfBounds } from './pdf-limits.ts';

export type Retention = 'keep' | 'ephemeral';

/**
 * Checks an uploaded PDF against the limits and reads what the form row needs. `pdf`: the upload
 * already opened by a caller that reads more of it (the pay door prices it and runs the route).
 */
export async function admitPdf(file: UploadedFile, pdf?: PdfDocument) {
  const info = await (pdf ? pdf.summary() : pdfSummary(file.bytes));
  await checkPdfBounds(file.bytes); // 413 image_too_large, pdf_too_large: before detection renders it
  if (info.page_count > LIMITS.pages) throw new DomainError('too_large', 'too_many_pages', `The PDF has ${info.page_count} pages; at most ${LIMITS.pages} are accepted.`);
  if (info.page_count === 0) throw new DomainError('invalid', 'unreadable_pdf', 'The PDF has no pages.');
  const title = info.title ?? (file.filename.replace(/\.pdf$/i, '').trim() || 'Untitled form');
  return { info, title };
}

export interface CreateFormInput {
  ownerId: string;
  file: UploadedFile;
  callbackUrl?: string;
  retention: Retention;
  /**
   * false when a context job creates the form and processes it itself (with-context, prepare on a
   * new PDF): no form.process job, and creation is billed only when `billCreate` says so.
   */
  processJob?: boolean;
  billCreate?: boolean;
}

export async function createForm(ctx: AppContext, input: CreateFormInput) {
  const { info, title } = await admitPdf(input.file);
  const processJob = input.processJob !== false;
  const id = randomUUID();
  const sourceBlob = `${input.ownerId}/forms/${id}/source.pdf`;
  await ctx.blobs.put(sourceBlob, input.file.bytes);
  const job = newJobRow('form.process', { formId: id }, { ownerId: input.ownerId });
  await ctx.db.$transaction(async (tx) => {
    await tx.form.create({
      data: {
        id,
        ownerId: input.ownerId,
        status: 'processing',
        title: title.slice(0, 300),
        schemaVersion: SCHEMA_VERSION,
        pageCount: info.page_count,
        sourceSha256: input.file.sha256,
        sourceBlob,
        callbackUrl: input.callbackUrl ?? null,
        retention: input.retention,
      },
    });
    if (input.billCreate !== false) await recordUsage(tx, { ownerId: input.ownerId, kind: 'create', subjectId: id });
    if (processJob) await tx.job.create({ data: job });
  });
  if (processJob) await ctx.queue.dispatch(job.id);
  return { form_id: id, status: 'processing' as const, page_count: info.page_count };
}

/** The caller's form, or 404 — also when it belongs to someone else (§5.2). */
export async function getOwnedForm(ctx: AppContext, ownerId: string, formId: string) {
  const form = await ctx.db.form.findFirst({ where: { id: formId, ownerId } });
  if (!form) throw notFound('form');
  return form;
}

export function formView(form: { id: string; status: string; title: string; schemaVersion: string; error: unknown }) {
  return { id: form.id, status: form.status, title: form.title, schema_version: form.schemaVersion, error: form.error ?? null };
}

export async function requireReadyForm(ctx: AppContext, ownerId: string, formId: string) {
  const form = await getOwnedForm(ctx, ownerId, formId);
  if (form.status !== 'ready') {
    throw new DomainError('conflict', 'form_not_ready', form.status === 'failed' ? 'The form failed processing; see GET /forms/{id} for the error.' : 'The form is still processing; retry when its status is ready.', { status: form.status });
  }
  return form;
}

export async function getContract(ctx: AppContext, ownerId: string, formId: string): Promise<Contract> {
  const form = await requireReadyForm(ctx, ownerId, formId);
  return form.contract as unknown as Contract;
}
