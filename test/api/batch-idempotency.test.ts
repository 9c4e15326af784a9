// §8.1 Idempotency-Key on POST /forms/{form_id}/fill-batch: a replay answers 200 with the
// original batch_id and creates and bills nothing new; the same key with another request is 422;
// a request that failed does not consume its key.
import { beforeAll, describe, expect, test } from 'vitest';
import { eventually, useServer } from '../helpers/server.ts';
import { applicantFormPdf, csv } from '../helpers/batch-pdfs.ts';
import type { Part } from '../helpers/http.ts';

const h = useServer({ overrides: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_IP_PER_MINUTE: '100000' } });
let formId: string;
let otherFormId: string;
let mapping: string;
let lastNameMapping: string;
let otherMapping: string;

const sheet = (names: string[]): Part => ({ bytes: csv(['First Name', ...names]), filename: 'people.csv', type: 'text/csv' });
const ROWS = ['Ada', 'Bob', 'Cy'];

async function readyForm(): Promise<{ id: string; f1: number; f2: number }> {
  const r = await h.api.upload('/forms', { file: { bytes: await applicantFormPdf() } });
  expect(r.status).toBe(202);
  const id = r.body.form_id as string;
  await eventually(async () => ((await h.api.get(`/forms/${id}`)).body.status === 'ready' ? true : undefined), 30_000, 'form ready');
  const fields = (await h.api.get(`/forms/${id}/contract`)).body.fields as { id: number; name: string }[];
  const idOf = (name: string) => fields.find((f) => f.name === name)!.id;
  return { id, f1: idOf('f1'), f2: idOf('f2') };
}

const post = (key: string | undefined, file: Part = sheet(ROWS), map = mapping, form = formId) =>
  h.api.upload(`/forms/${form}/fill-batch`, { file, mapping: map }, key === undefined ? {} : { 'Idempotency-Key': key });

const waitDone = (batchId: string) =>
  eventually(async () => {
    const m = (await h.api.get(`/forms/fill-batch/${batchId}`)).body;
    return m.status !== 'processing' ? m : undefined;
  }, 30_000, 'batch done');

const batches = () => h.s.ctx.db.batch.count({ where: { ownerId: h.accountId } });
const usage = async () => (await h.api.get('/usage')).body.standard_fill as number;

beforeAll(async () => {
  const a = await readyForm();
  formId = a.id;
  mapping = JSON.stringify({ 'First Name': { field_id: a.f1 } });
  lastNameMapping = JSON.stringify({ 'First Name': { field_id: a.f2 } });
  const b = await readyForm();
  otherFormId = b.id;
  otherMapping = JSON.stringify({ 'First Name': { field_id: b.f1 } });
}, 60_000);

describe('Idempotency-Key on fill-batch', () => {
  test('a replay answers 200 with the original batch_id, before and after the batch ran; nothing new is created or billed', async () => {
    const before = { batches: await batches(), usage: await usage() };
    const first = await post('batch-key-1');
    expect(first.status).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const batchId = first.body.batch_id as string;

    const early = await post('batch-key-1');
    expect(early.status).toBe(200);
    expect(early.body).toEqual({ batch_id: batchId });
    expect(early.headers.get('idempotent-replayed')).toBe('true');
    expect(early.headers.get('location')).toBe(`/forms/fill-batch/${batchId}`);

    expect(await waitDone(batchId)).toMatchObject({ status: 'complete', total: 3, filled: 3 });
    const late = await post('batch-key-1');
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ batch_id: batchId });

    expect(await batches()).toBe(before.batches + 1);
    expect(await usage()).toBe(before.usage + 3);
    expect(await h.s.ctx.db.job.count({ where: { kind: 'batch.fill', payload: { equals: { batchId } } } })).toBe(1);
  });

  test('the same key with another spreadsheet, mapping or form is 422 and creates nothing', async () => {
    const first = await post('batch-key-2');
    expect(first.status).toBe(202);
    const count = await batches();
    const variants = [
      () => post('batch-key-2', sheet(['Ada', 'Bob', 'Dee'])),
      () => post('batch-key-2', sheet(ROWS), lastNameMapping),
      () => post('batch-key-2', sheet(ROWS), otherMapping, otherFormId),
    ];
    for (const send of variants) {
      const r = await send();
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('idempotency_key_reused');
    }
    expect(await batches()).toBe(count);
    await waitDone(first.body.batch_id);
  });

  test('a request that failed does not consume its key; without a key every request is a new batch', async () => {
    const count = await batches();
    const bad = await post('batch-key-3', sheet(ROWS), JSON.stringify({ 'No Such Column': { field_id: 1 } }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('unknown_column');
    const good = await post('batch-key-3');
    expect(good.status).toBe(202);
    expect(await batches()).toBe(count + 1);

    const a = await post(undefined);
    const b = await post(undefined);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.batch_id).not.toBe(b.body.batch_id);
    expect(await batches()).toBe(count + 3);
    for (const id of [good.body.batch_id, a.body.batch_id, b.body.batch_id]) await waitDone(id);
  });

  test('concurrent requests with one key make one batch', async () => {
    const count = await batches();
    const replies = await Promise.all([post('batch-key-4'), post('batch-key-4'), post('batch-key-4')]);
    const created = replies.filter((r) => r.status === 202);
    expect(created).toHaveLength(1);
    for (const r of replies) {
      if (r.status === 200) expect(r.body).toEqual(created[0].body);
      else if (r.status !== 202) expect([r.status, r.body.error.code]).toEqual([409, 'idempotency_request_in_progress']);
    }
    expect(await batches()).toBe(count + 1);
    await waitDone(created[0].body.batch_id);
  });
});
