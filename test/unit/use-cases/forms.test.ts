// The forms use cases (src/use-cases/forms/), each on a real database: create, read, contract,
// fillable PDF, the form job (process, fail), building a contract in the engine, and retention.
import { describe, expect, test } from 'vitest';
import { readyFormOf, refusalOf, uploaded, useCaseContext } from '../../helpers/use-cases.ts';
import { corruptPdf, fillableFormPdf } from '../../helpers/pdfs.ts';
import { createForm } from '../../../src/use-cases/forms/create-form.ts';
import { getForm } from '../../../src/use-cases/forms/get-form.ts';
import { getContract } from '../../../src/use-cases/forms/get-contract.ts';
import { getFillablePdf } from '../../../src/use-cases/forms/get-fillable-pdf.ts';
import { failForm, processForm } from '../../../src/use-cases/forms/process-form.ts';
import { makeFillable } from '../../../src/use-cases/forms/make-fillable.ts';
import { deleteExpiredDocuments, EPHEMERAL_AFTER_MS } from '../../../src/use-cases/forms/delete-expired-documents.ts';
import { usageFor } from '../../../src/store/usage.ts';

const h = useCaseContext();

describe('createForm', () => {
  test('stores a processing form with its source, bills a creation and queues the form job', async () => {
    const pdf = await fillableFormPdf();
    const { form_id, status } = await createForm(h.ctx, { ownerId: h.ownerId, file: uploaded(pdf, 'application.pdf') });
    expect(status).toBe('processing');
    const row = await h.ctx.db.form.findUniqueOrThrow({ where: { id: form_id } });
    expect(row).toMatchObject({ status: 'processing', pageCount: 2, retention: 'keep' });
    expect(Buffer.from(await h.ctx.blobs.get(row.sourceBlob!)).equals(Buffer.from(pdf))).toBe(true);
    expect(await h.ctx.db.job.count({ where: { kind: 'form.process', payload: { equals: { formId: form_id } } } })).toBe(1);
    expect((await usageFor(h.ctx.db, h.ownerId)).create).toBeGreaterThanOrEqual(1);
  });

  test('refuses a callback URL it may not call, and a file that is no PDF, before storing anything', async () => {
    const before = await h.ctx.db.form.count();
    const pdf = await fillableFormPdf();
    expect(await refusalOf(createForm(h.ctx, { ownerId: h.ownerId, file: uploaded(pdf), callbackUrl: 'https://10.0.0.1/hook' }))).toMatchObject({ refusal: 'invalid', code: 'invalid_callback_url' });
    expect(await refusalOf(createForm(h.ctx, { ownerId: h.ownerId, file: uploaded(new TextEncoder().encode('not a pdf')) }))).toBeDefined();
    expect(await h.ctx.db.form.count()).toBe(before);
  });
});

describe('reading a form', () => {
  test('getForm shows the state; another account gets not_found', async () => {
    const formId = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf());
    expect(await getForm(h.ctx, h.ownerId, formId)).toMatchObject({ id: formId, status: 'ready', error: null });
    expect(await refusalOf(getForm(h.ctx, h.otherId, formId))).toMatchObject({ refusal: 'not_found' });
  });

  test('getContract: form_not_ready while processing, the fields once ready', async () => {
    const { form_id } = await createForm(h.ctx, { ownerId: h.ownerId, file: uploaded(await fillableFormPdf()) });
    expect(await refusalOf(getContract(h.ctx, h.ownerId, form_id))).toMatchObject({ refusal: 'conflict', code: 'form_not_ready' });
    const ready = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf());
    const contract = await getContract(h.ctx, h.ownerId, ready);
    expect(contract.fields.map((f) => f.name)).toContain('applicant.zip');
  });

  test('getFillablePdf: the bytes, then gone once retention deleted them', async () => {
    const pdf = await fillableFormPdf();
    const formId = await readyFormOf(h.ctx, h.ownerId, pdf);
    expect((await getFillablePdf(h.ctx, h.ownerId, formId)).length).toBe(pdf.length);
    await h.ctx.db.form.update({ where: { id: formId }, data: { documentsDeletedAt: new Date() } });
    expect(await refusalOf(getFillablePdf(h.ctx, h.ownerId, formId))).toMatchObject({ refusal: 'gone', code: 'documents_deleted' });
  });
});

describe('the form job', () => {
  test('processForm makes a processing form ready with its contract, once', async () => {
    const { form_id } = await createForm(h.ctx, { ownerId: h.ownerId, file: uploaded(await fillableFormPdf()) });
    expect(await processForm(h.ctx, form_id)).toEqual({ fields: 6 });
    const row = await h.ctx.db.form.findUniqueOrThrow({ where: { id: form_id } });
    expect(row.status).toBe('ready');
    expect(row.fillableBlob).toBe(row.sourceBlob); // already fillable: no copy
    expect(await processForm(h.ctx, form_id)).toEqual({ skipped: true });
  }, 120_000);

  test('failForm fails a processing form with the reason and voids its creation', async () => {
    const { form_id } = await createForm(h.ctx, { ownerId: h.ownerId, file: uploaded(await fillableFormPdf()) });
    await failForm(h.ctx, form_id, { code: 'no_fields_detected', message: 'No fillable fields were found in the PDF.' });
    expect((await getForm(h.ctx, h.ownerId, form_id)).error).toEqual({ code: 'form_processing_failed', message: 'No fillable fields were found in the PDF.', reason: 'no_fields_detected' });
    const event = await h.ctx.db.usageEvent.findFirstOrThrow({ where: { kind: 'create', subjectId: form_id } });
    expect(event.voidedAt).not.toBeNull();
  });

  test('makeFillable refuses a PDF the readers cannot open, as a refusal retrying cannot change', async () => {
    expect(await refusalOf(makeFillable(h.ctx, { bytes: corruptPdf(), title: 'x', pageCount: 1 }))).toMatchObject({ refusal: 'invalid' });
  }, 120_000);
});

test('deleteExpiredDocuments deletes an ephemeral form’s documents an hour after its last activity', async () => {
  const formId = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf(), 'ephemeral');
  const { lastActivityAt, sourceBlob } = await h.ctx.db.form.findUniqueOrThrow({ where: { id: formId } });
  expect(await deleteExpiredDocuments(h.ctx, new Date(lastActivityAt.getTime() + EPHEMERAL_AFTER_MS - 60_000))).toBe(0);
  expect(await deleteExpiredDocuments(h.ctx, new Date(lastActivityAt.getTime() + EPHEMERAL_AFTER_MS + 60_000))).toBe(1);
  expect(await refusalOf(getFillablePdf(h.ctx, h.ownerId, formId))).toMatchObject({ code: 'documents_deleted' });
  expect(await h.ctx.blobs.get(sourceBlob!).then(() => 'kept', () => 'deleted')).toBe('deleted');
});
