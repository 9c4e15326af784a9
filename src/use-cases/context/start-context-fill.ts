// POST /forms/{id}/with-context, /forms/with-context, /forms/{id}/prepare, /forms/prepare
// (§2.4, §4.4, §4.5): a form plus supporting documents become a context job.
//   with_context  the accepted values are written into a completed session (GET /sessions/{id}/pdf)
//   prepare       the values become a proposal, settled by commits (use-cases/proposals/commit-proposal.ts)
// Either may start from a ready form or from a new PDF, which the job then processes itself, so
// detection and the fill run as one unit of work (use-cases/context/run-context-fill.ts). The
// request is checked and billed here, before the job runs; a job that fails is unbilled.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import type { Policy } from '../../domain/proposal-fields.ts';
import { acceptCallbackUrl } from '../../domain/callbacks.ts';
import { refuseFormAsContext, statedContextDocuments, type StatedContext } from '../../domain/context-documents.ts';
import { admitContextUploads, admitUpload } from '../../workers/offload.ts';
import { assertBillable } from '../../billing/allowance.ts';
import { newJobRow } from '../../jobs/kinds.ts';
import { insertForm, readyForm, retentionFor, type Retention } from '../../store/forms.ts';
import { storeContextDocuments, type ContextJobKind } from '../../store/context-jobs.ts';
import { hashToken } from '../../store/proposals.ts';
import { recordUsage } from '../../store/usage.ts';

export interface StartContextFill {
  ownerId: string;
  kind: ContextJobKind;
  /** A ready form of the caller's, or a new PDF to create one from. */
  form: { id: string } | { file: UploadedDocument; retention: 'ephemeral' | 'account_default' };
  context: UploadedDocument[];
  /** Values stated beside the files (a JSON object or plain text), each read as one more document. */
  stated?: StatedContext[];
  policy: Policy;
  callbackUrl?: string;
}

export interface StartedContextFill {
  job_id: string;
  status: 'processing';
  form_id: string;
  proposal_id?: string;
  /** prepare only: the secret that opens the proposal for callers without the account key. */
  proposal_token?: string;
}

export async function startContextFill(ctx: AppContext, request: StartContextFill): Promise<StartedContextFill> {
  const input = { ...request, context: [...request.context, ...statedContextDocuments(request.stated ?? [])] };
  const { ownerId } = input;
  const callbackUrl = input.callbackUrl ? await acceptCallbackUrl(input.callbackUrl, { allowLoopback: ctx.config.CALLBACK_ALLOW_LOOPBACK }) : undefined;
  let formId: string;
  let formPages: number;
  let newForm: { file: UploadedDocument; pageCount: number; title: string; retention: Retention } | undefined;
  if ('id' in input.form) {
    const form = await readyForm(ctx, ownerId, input.form.id);
    if (form.documentsDeletedAt || !form.fillableBlob) throw new DomainError('gone', 'documents_deleted', 'The documents of this form were deleted under its retention policy.');
    refuseFormAsContext(form.sourceSha256, input.context);
    formId = form.id;
    formPages = form.pageCount;
  } else {
    const retention = await retentionFor(ctx, ownerId, input.form.retention);
    refuseFormAsContext(input.form.file.sha256, input.context);
    const { info, title } = await admitUpload(ctx, input.form.file); // unreadable, over 100 pages, bombs
    newForm = { file: input.form.file, pageCount: info.page_count, title, retention };
    formPages = info.page_count;
    formId = '';
  }
  const contextPages = await admitContextUploads(ctx, input.context); // too_large past the limits; pages for the cap
  // Billing checks come before anything is stored: a payment_required leaves no trace.
  if (newForm && input.kind === 'prepare') await assertBillable(ctx, ownerId, 'make_fillable');
  await assertBillable(ctx, ownerId, 'fill_with_context', formPages + contextPages);

  if (newForm) {
    // §8.2: prepare on a new PDF bills a creation; with-context does not. The job processes the form.
    formId = await insertForm(ctx, { ownerId, ...newForm, billCreate: input.kind === 'prepare', processJob: false });
  }

  const id = randomUUID();
  const documents = await storeContextDocuments(ctx, ownerId, id, input.context);
  const proposalId = input.kind === 'prepare' ? randomUUID() : undefined;
  const token = input.kind === 'prepare' ? `pt_${randomBytes(24).toString('base64url')}` : undefined;
  const job = newJobRow('context.fill', { contextJobId: id }, { ownerId });
  await ctx.db.$transaction(async (tx) => {
    await tx.contextJob.create({
      data: { id, ownerId, kind: input.kind, formId, policy: input.policy, documents: documents as never, callbackUrl: callbackUrl ?? null, proposalId: proposalId ?? null },
    });
    if (proposalId && token) await tx.proposal.create({ data: { id: proposalId, ownerId, formId, jobId: id, policy: input.policy, tokenHash: hashToken(token) } });
    await recordUsage(tx, { ownerId, kind: 'with_context', subjectId: id });
    await tx.job.create({ data: job });
  });
  await ctx.queue.dispatch(job.id);
  return { job_id: id, status: 'processing', form_id: formId, ...(proposalId ? { proposal_id: proposalId, proposal_token: token } : {}) };
}
