// Form rows as the use cases read them: the caller's own form (another account's is not found,
// §5.2), a ready one, its contract, and the activity stamp ephemeral retention counts from.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import type { Contract } from '../domain/contracts.ts';
import type { UploadedDocument } from '../domain/documents.ts';
import { SCHEMA_VERSION } from '../config.ts';
import { newJobRow } from '../jobs/kinds.ts';
import { recordUsage } from './usage.ts';
import type { FormState } from './form-state.ts';

export type Retention = 'keep' | 'ephemeral';

/** What a caller asks for (`account_default` or nothing: the account's default) as stored. */
export async function retentionFor(ctx: AppContext, accountId: string, asked: Retention | 'account_default' | undefined): Promise<Retention> {
  if (asked === 'keep' || asked === 'ephemeral') return asked;
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: accountId } });
  return account.retentionDefault as Retention;
}

export interface NewForm {
  ownerId: string;
  file: UploadedDocument;
  /** From admitPdf (domain/pdf-limits.ts). */
  pageCount: number;
  title: string;
  retention: Retention;
  callbackUrl?: string;
  /** Bill a creation (§8.2: not for with-context on a new PDF). */
  billCreate: boolean;
  /** Queue the form.process job; false when a context job processes the form itself. */
  processJob: boolean;
}

/** Stores a new processing form: its source PDF, its row, its creation usage and its job, at once. */
export async function insertForm(ctx: AppContext, input: NewForm): Promise<string> {
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
        title: input.title.slice(0, 300),
        schemaVersion: SCHEMA_VERSION,
        pageCount: input.pageCount,
        sourceSha256: input.file.sha256,
        sourceBlob,
        callbackUrl: input.callbackUrl ?? null,
        retention: input.retention,
      },
    });
    if (input.billCreate) await recordUsage(tx, { ownerId: input.ownerId, kind: 'create', subjectId: id });
    if (input.processJob) await tx.job.create({ data: job });
  });
  if (input.processJob) await ctx.queue.dispatch(job.id);
  return id;
}

/** The caller's form, or not_found — also when it belongs to someone else (§5.2). */
export async function ownedForm(ctx: AppContext, ownerId: string, formId: string) {
  const form = await ctx.db.form.findFirst({ where: { id: formId, ownerId } });
  if (!form) throw notFound('form');
  return form;
}

/**
 * The caller's form's state (GET /forms/{id}, polled while fields are detected): this process's
 * copy when it holds one (ctx.formStates, dropped as soon as the database reports a change), else
 * read and kept. Another owner's form is not found, cached or not.
 */
export async function ownedFormState(ctx: AppContext, ownerId: string, formId: string): Promise<FormState> {
  const form = await ctx.formStates.read(formId, () =>
    ctx.db.form.findUnique({ where: { id: formId }, select: { id: true, ownerId: true, status: true, title: true, schemaVersion: true, error: true, contractRevision: true } }),
  );
  if (!form || form.ownerId !== ownerId) throw notFound('form');
  return form;
}

/** form_not_ready (conflict) unless the form is ready. */
function assertReady(form: { status: string }): void {
  if (form.status !== 'ready') {
    throw new DomainError('conflict', 'form_not_ready', form.status === 'failed' ? 'The form failed processing; see GET /forms/{id} for the error.' : 'The form is still processing; retry when its status is ready.', { status: form.status });
  }
}

/** The caller's form once it is ready; form_not_ready (conflict) while processing or failed. */
export async function readyForm(ctx: AppContext, ownerId: string, formId: string) {
  const form = await ownedForm(ctx, ownerId, formId);
  assertReady(form);
  return form;
}

/** The contract stored on a form row (set when the form became ready). */
export const contractOf = (form: { contract: unknown }) => form.contract as unknown as Contract;

/**
 * The contract of a form row just read (its owner checked by that read) at the revision the read
 * saw: this process's parsed copy, or the column read and parsed once. Null when the form has none.
 * The returned object is shared and frozen.
 */
export async function contractAtRevision(ctx: AppContext, form: { id: string; contractRevision: number }): Promise<Contract | null> {
  const cached = ctx.contracts.get(form.id, form.contractRevision);
  if (cached) return cached;
  // Contract and revision from one statement: if a writer got in since the caller's read, this is
  // the newer contract, kept under its own revision.
  const row = await ctx.db.form.findUnique({ where: { id: form.id }, select: { contract: true, contractRevision: true } });
  if (!row?.contract) return null;
  return ctx.contracts.put(form.id, row.contractRevision, contractOf(row));
}

/**
 * The contract of the caller's ready form (GET /forms/{id}/contract): the form's state and its
 * contract from this process's caches when it holds them (both keyed so a change is seen at once).
 */
export async function readyFormContract(ctx: AppContext, ownerId: string, formId: string): Promise<Contract> {
  const form = await ownedFormState(ctx, ownerId, formId);
  assertReady(form);
  const contract = await contractAtRevision(ctx, form);
  if (!contract) throw new Error(`form ${form.id} is ready without a contract`);
  return contract;
}

/** Ephemeral retention counts from the last activity on a form. */
export async function touchForm(ctx: AppContext, formId: string, at = new Date()): Promise<void> {
  await ctx.db.form.update({ where: { id: formId }, data: { lastActivityAt: at } });
}
