// GET /forms/{id}, GET /sessions/{id} and a finished batch's manifest are what agents poll.
// Embedded PGlite keeps forms' states, session rows and finished manifests in memory
// (src/store/watched-cache.ts, dropped on the database's "form_changed", "session_changed" and
// "batch_changed" notifications, migration 0016); whoever changes a row, the next request must see
// it, and the owner check holds on every request. With PostgreSQL they are read on every request.
import { describe, expect, test, vi } from 'vitest';
import { eventually, usingPostgres, useServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';
import { readyFormOf } from '../helpers/use-cases.ts';

const h = useServer();

async function polledForm() {
  const { id: ownerId, key } = await h.s.account();
  const formId = await readyFormOf(h.s.ctx, ownerId, await fillableFormPdf());
  const api = client(h.s.url, key);
  expect((await api.get(`/forms/${formId}`)).body.status).toBe('ready');
  return { api, formId };
}

/** How many times each spied database method was called while `work` ran. */
async function callsDuring(methods: [object, string][], work: () => Promise<void>): Promise<number[]> {
  const spies = methods.map(([target, name]) => vi.spyOn(target as Record<string, () => unknown>, name));
  try {
    await work();
    return spies.map((s) => s.mock.calls.length);
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

describe("forms' states kept in memory", () => {
  test('a form polled again is not read from the database while it is unchanged', async () => {
    const { api, formId } = await polledForm();
    const [reads] = await callsDuring([[h.s.ctx.db.form, 'findUnique']], async () => {
      for (let i = 0; i < 3; i++) expect((await api.get(`/forms/${formId}`)).status).toBe(200);
    });
    expect(reads).toBe(usingPostgres ? 3 : 0);
  });

  test('a status and an error written by raw SQL are seen on the next request', async () => {
    const { api, formId } = await polledForm();
    await h.s.ctx.db.$executeRawUnsafe(`UPDATE "Form" SET status = 'failed', error = '{"code":"detect_failed"}'::jsonb WHERE id = $1`, formId);
    expect((await api.get(`/forms/${formId}`)).body).toMatchObject({ status: 'failed', error: { code: 'detect_failed' } });
    await h.s.ctx.db.$executeRawUnsafe(`UPDATE "Form" SET title = 'Renamed' WHERE id = $1`, formId);
    expect((await api.get(`/forms/${formId}`)).body.title).toBe('Renamed');
  });

  test("another account's request is 404 while the form is held; a deleted form is 404 at once", async () => {
    const { api, formId } = await polledForm();
    const other = client(h.s.url, (await h.s.account('other')).key);
    expect((await other.get(`/forms/${formId}`)).status).toBe(404);
    expect((await api.get(`/forms/${formId}`)).status).toBe(200);
    await h.s.ctx.db.$executeRawUnsafe(`DELETE FROM "Form" WHERE id = $1`, formId);
    expect((await api.get(`/forms/${formId}`)).status).toBe(404);
  });
});

describe('session rows kept in memory', () => {
  async function polledSession() {
    const { api, formId } = await polledForm();
    const created = await api.post('/sessions', { form_id: formId });
    expect(created.status).toBe(201);
    const id = created.body.session_id as string;
    const first = await api.get(`/sessions/${id}`);
    expect(first.status).toBe(200);
    return { api, formId, id, fieldId: first.body.fields[0].id as number };
  }

  test('a session polled again is read from neither table while it is unchanged', async () => {
    const { api, id } = await polledSession();
    const [sessionReads, formReads] = await callsDuring([[h.s.ctx.db.session, 'findUnique'], [h.s.ctx.db.form, 'findUnique']], async () => {
      for (let i = 0; i < 3; i++) expect((await api.get(`/sessions/${id}`)).status).toBe(200);
    });
    expect(sessionReads).toBe(usingPostgres ? 3 : 0);
    expect(formReads).toBe(usingPostgres ? 3 : 0);
  });

  test('a value set through the API, and a status set by raw SQL, are seen on the next poll', async () => {
    const { api, id, fieldId } = await polledSession();
    expect((await api.put(`/sessions/${id}/fields`, { updates: [{ field_id: fieldId, value: 'Ada' }] })).status).toBe(200);
    expect((await api.get(`/sessions/${id}`)).body.fields.find((f: { id: number }) => f.id === fieldId).value).toBe('Ada');
    await h.s.ctx.db.$executeRawUnsafe(`UPDATE "Session" SET status = 'completed' WHERE id = $1`, id);
    expect((await api.get(`/sessions/${id}`)).body.status).toBe('completed');
  });

  test("a changed contract is seen at once; another account's request is 404; a deleted session is 404 at once", async () => {
    const { api, formId, id, fieldId } = await polledSession();
    const form = await h.s.ctx.db.form.findUniqueOrThrow({ where: { id: formId } });
    const contract = form.contract as { fields: { id: number; label: string }[] };
    contract.fields.find((f) => f.id === fieldId)!.label = 'Relabelled';
    await h.s.ctx.db.$executeRawUnsafe(`UPDATE "Form" SET contract = $2::jsonb WHERE id = $1`, formId, JSON.stringify(contract));
    expect((await api.get(`/sessions/${id}`)).body.fields.find((f: { id: number }) => f.id === fieldId).label).toBe('Relabelled');
    const other = client(h.s.url, (await h.s.account('other')).key);
    expect((await other.get(`/sessions/${id}`)).status).toBe(404);
    await h.s.ctx.db.$executeRawUnsafe(`DELETE FROM "Session" WHERE id = $1`, id);
    expect((await api.get(`/sessions/${id}`)).status).toBe(404);
  });
});

describe('finished batch manifests kept in memory', () => {
  async function finishedBatch() {
    const { api, formId } = await polledForm();
    const field = (await api.get(`/forms/${formId}/contract`)).body.fields.find((f: { type: string }) => f.type === 'text');
    const file = { bytes: Buffer.from('Name\nAda\nGrace\n'), filename: 'rows.csv', type: 'text/csv' };
    const created = await api.upload(`/forms/${formId}/fill-batch`, { file, mapping: JSON.stringify({ Name: { field_id: field.id } }) });
    expect(created.status).toBe(202);
    const id = created.body.batch_id as string;
    await eventually(async () => ((await api.get(`/forms/fill-batch/${id}`)).body.status === 'complete' ? true : undefined), 60_000, 'batch complete');
    return { api, id };
  }

  test('a finished manifest polled again reads neither the batch nor its rows', async () => {
    const { api, id } = await finishedBatch();
    const [batchReads, rowReads] = await callsDuring([[h.s.ctx.db.batch, 'findFirst'], [h.s.ctx.db.batchRow, 'findMany']], async () => {
      for (let i = 0; i < 3; i++) expect((await api.get(`/forms/fill-batch/${id}`)).body).toMatchObject({ status: 'complete', filled: 2 });
    });
    expect(batchReads).toBe(usingPostgres ? 3 : 0);
    expect(rowReads).toBe(0); // every row filled: no row is read at all
  });

  test("a batch changed by raw SQL is seen on the next poll; another account's poll is 404; a deleted batch is 404", async () => {
    const { api, id } = await finishedBatch();
    await h.s.ctx.db.$executeRawUnsafe(`UPDATE "Batch" SET status = 'failed', error = '{"code":"x","message":"y"}'::jsonb WHERE id = $1`, id);
    expect((await api.get(`/forms/fill-batch/${id}`)).body).toMatchObject({ status: 'failed', error: { code: 'x' } });
    const other = client(h.s.url, (await h.s.account('other')).key);
    expect((await other.get(`/forms/fill-batch/${id}`)).status).toBe(404);
    await h.s.ctx.db.$executeRawUnsafe(`DELETE FROM "BatchRow" WHERE "batchId" = $1`, id);
    await h.s.ctx.db.$executeRawUnsafe(`DELETE FROM "Batch" WHERE id = $1`, id);
    expect((await api.get(`/forms/fill-batch/${id}`)).status).toBe(404);
  });
});

