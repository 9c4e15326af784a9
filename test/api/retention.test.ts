// Ephemeral retention: documents go 60–70 minutes after the last activity; kept forms stay.
import { expect, test } from 'vitest';
import { eventually, useServer } from '../helpers/server.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';
import { deleteExpiredDocuments, EPHEMERAL_AFTER_MS } from '../../src/use-cases/forms/delete-expired-documents.ts';

const h = useServer();

async function readyForm(retention: string) {
  const r = await h.api.upload('/forms', { file: { bytes: await fillableFormPdf() }, retention });
  await eventually(async () => ((await h.api.get(`/forms/${r.body.form_id}`)).body.status === 'ready' ? true : undefined));
  return r.body.form_id as string;
}

test('an ephemeral form loses its documents an hour after the last activity; a kept one does not', async () => {
  const ephemeral = await readyForm('ephemeral');
  const kept = await readyForm('keep');
  const session = (await h.api.post('/sessions', { form_id: ephemeral })).body.session_id;
  await h.api.put(`/sessions/${session}/fields`, { updates: [{ field_id: 1, value: 'x' }] });
  expect((await h.api.post(`/sessions/${session}/fill`)).status).toBe(200);
  const blobs = await h.s.ctx.db.form.findUniqueOrThrow({ where: { id: ephemeral } });
  // A batch of one row on the same form: its row PDF and values are documents too.
  const batch = await h.api.upload(`/forms/${ephemeral}/fill-batch`, {
    file: { bytes: new TextEncoder().encode('Name\nAda\n'), filename: 'rows.csv', type: 'text/csv' },
    mapping: JSON.stringify({ Name: { field_id: 1 } }),
  });
  expect(batch.status).toBe(202);
  const row = await eventually(async () => (await h.s.ctx.db.batchRow.findFirst({ where: { batchId: batch.body.batch_id, status: 'filled' } })) ?? undefined);
  expect(await h.s.ctx.blobs.exists(row.pdfBlob!)).toBe(true);

  // 59 minutes after the last activity: nothing happens yet.
  const lastActivity = (await h.s.ctx.db.form.findUniqueOrThrow({ where: { id: ephemeral } })).lastActivityAt;
  expect(await deleteExpiredDocuments(h.s.ctx, new Date(lastActivity.getTime() + 59 * 60_000))).toBe(0);
  expect((await h.api.get(`/forms/${ephemeral}/fillable`)).status).toBe(200);

  // Past the hour (for every form of this test, kept ones too): the ephemeral documents go.
  const later = new Date(Date.now() + EPHEMERAL_AFTER_MS + 60_000);
  expect(await deleteExpiredDocuments(h.s.ctx, later)).toBe(1);
  expect(await h.s.ctx.blobs.exists(blobs.sourceBlob!)).toBe(false);
  expect(await h.s.ctx.blobs.exists(row.pdfBlob!)).toBe(false);
  expect((await h.s.ctx.db.batchRow.findFirstOrThrow({ where: { batchId: batch.body.batch_id } })).values).toEqual({});
  const fillable = await h.api.get(`/forms/${ephemeral}/fillable`);
  expect(fillable.status).toBe(410);
  expect(fillable.body.error.code).toBe('documents_deleted');
  expect((await h.api.get(`/sessions/${session}/pdf`)).status).toBe(410);
  // The form and its contract remain readable.
  expect((await h.api.get(`/forms/${ephemeral}/contract`)).status).toBe(200);
  expect((await h.api.get(`/forms/${kept}/fillable`)).status).toBe(200);
  // A second sweep has nothing left to do.
  expect(await deleteExpiredDocuments(h.s.ctx, later)).toBe(0);
});
