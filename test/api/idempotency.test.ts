// Idempotency-Key on POST /forms: account-scoped; same key + same request → the original job;
// same key + another request → 422; a request that failed does not consume its key.
import { expect, test } from 'vitest';
import { useServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf, flatPdf } from '../helpers/pdfs.ts';

const h = useServer();

test('a retry with the same key answers 200 with the original form, and bills once', async () => {
  const file = { bytes: await fillableFormPdf() };
  const first = await h.api.upload('/forms', { file }, { 'Idempotency-Key': 'create-1' });
  expect(first.status).toBe(202);
  const again = await h.api.upload('/forms', { file }, { 'Idempotency-Key': 'create-1' });
  expect(again.status).toBe(200);
  expect(again.body).toEqual(first.body);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  const forms = await h.s.ctx.db.form.count();
  expect(forms).toBe(1);
  expect((await h.api.get('/usage')).body.create).toBe(1);
});

test('the same key with a different request is 422 idempotency_key_reused', async () => {
  await h.api.upload('/forms', { file: { bytes: await fillableFormPdf() } }, { 'Idempotency-Key': 'create-2' });
  const other = await h.api.upload('/forms', { file: { bytes: await flatPdf() } }, { 'Idempotency-Key': 'create-2' });
  expect(other.status).toBe(422);
  expect(other.body.error.code).toBe('idempotency_key_reused');
});

test('a request that failed with 4xx does not consume its key', async () => {
  const bad = await h.api.upload('/forms', { file: { bytes: new TextEncoder().encode('not a pdf') } }, { 'Idempotency-Key': 'create-3' });
  expect(bad.status).toBe(400);
  const good = await h.api.upload('/forms', { file: { bytes: await fillableFormPdf() } }, { 'Idempotency-Key': 'create-3' });
  expect(good.status).toBe(202);
});

test('keys are scoped to the account', async () => {
  const other = client(h.s.url, (await h.s.account('other')).key);
  const file = { bytes: await fillableFormPdf() };
  const mine = await h.api.upload('/forms', { file }, { 'Idempotency-Key': 'shared-key' });
  const theirs = await other.upload('/forms', { file }, { 'Idempotency-Key': 'shared-key' });
  expect(mine.status).toBe(202);
  expect(theirs.status).toBe(202);
  expect(theirs.body.form_id).not.toBe(mine.body.form_id);
});

test('concurrent requests with one key create one form', async () => {
  const file = { bytes: await fillableFormPdf() };
  const before = await h.s.ctx.db.form.count();
  const replies = await Promise.all([1, 2, 3].map(() => h.api.upload('/forms', { file }, { 'Idempotency-Key': 'race' })));
  const ids = new Set(replies.filter((r) => r.status < 300).map((r) => r.body.form_id));
  expect(ids.size).toBe(1);
  for (const r of replies) expect([200, 202, 409]).toContain(r.status);
  expect(await h.s.ctx.db.form.count()).toBe(before + 1);
});

test('an expired key can be used again', async () => {
  const file = { bytes: await fillableFormPdf() };
  const first = await h.api.upload('/forms', { file }, { 'Idempotency-Key': 'old' });
  await h.s.ctx.db.idempotencyRecord.updateMany({ where: { key: 'old' }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const second = await h.api.upload('/forms', { file }, { 'Idempotency-Key': 'old' });
  expect(second.status).toBe(202);
  expect(second.body.form_id).not.toBe(first.body.form_id);
});

test('a malformed key is 400', async () => {
  const r = await h.api.upload('/forms', { file: { bytes: await fillableFormPdf() } }, { 'Idempotency-Key': 'x'.repeat(300) });
  expect(r.status).toBe(400);
  expect(r.body.error.code).toBe('invalid_idempotency_key');
});
