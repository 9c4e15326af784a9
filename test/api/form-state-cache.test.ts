// GET /forms/{id} is what agents poll while a form's fields are detected. Embedded PGlite keeps
// each form's state in memory (src/store/watched-cache.ts, dropped on the database's "form_changed"
// notification, migration 0016); whoever changes a form, the next request must see it, and the
// owner check holds on every request. With PostgreSQL the state is read on every request.
import { describe, expect, test, vi } from 'vitest';
import { usingPostgres, useServer } from '../helpers/server.ts';
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

describe("forms' states kept in memory", () => {
  test('a form polled again is not read from the database while it is unchanged', async () => {
    const { api, formId } = await polledForm();
    const reads = vi.spyOn(h.s.ctx.db.form, 'findUnique');
    try {
      for (let i = 0; i < 3; i++) expect((await api.get(`/forms/${formId}`)).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(usingPostgres ? 3 : 0);
    } finally {
      reads.mockRestore();
    }
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
