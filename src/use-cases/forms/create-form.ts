// POST /forms (§2.1, §3.1): a PDF becomes a processing form; the form.process job
// (use-cases/forms/process-form.ts) moves it to ready or failed. Bills one creation.
import type { AppContext } from '../../context.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import { admitUpload } from '../../workers/offload.ts';
import { acceptCallbackUrl } from '../../domain/callbacks.ts';
import { assertBillable } from '../../billing/allowance.ts';
import { insertForm, retentionFor, type Retention } from '../../store/forms.ts';

export interface CreateForm {
  ownerId: string;
  file: UploadedDocument;
  callbackUrl?: string;
  retention?: Retention | 'account_default';
}

export async function createForm(ctx: AppContext, input: CreateForm) {
  const callbackUrl = input.callbackUrl ? await acceptCallbackUrl(input.callbackUrl, { allowLoopback: ctx.config.CALLBACK_ALLOW_LOOPBACK }) : undefined;
  const retention = await retentionFor(ctx, input.ownerId, input.retention);
  await assertBillable(ctx, input.ownerId, 'make_fillable'); // payment_required over the free allowance without a payment method
  const { info, title } = await admitUpload(ctx, input.file); // unreadable, encrypted, too many pages, bombs (in the request pool)
  const formId = await insertForm(ctx, { ownerId: input.ownerId, file: input.file, pageCount: info.page_count, title, retention, callbackUrl, billCreate: true, processJob: true });
  return { form_id: formId, status: 'processing' as const };
}
