// The batch use cases (src/use-cases/batches/), each on a real database: mapping suggestion,
// starting a batch, the job's work (rows filled and billed once, refused rows failed), its
// failure, the manifest, one row's PDF and the filled rows for the zip.
import { describe, expect, test } from 'vitest';
import { readyFormOf, refusalOf, uploaded, useCaseContext } from '../../helpers/use-cases.ts';
import { applicantFormPdf, csv } from '../../helpers/batch-pdfs.ts';
import { suggestMapping } from '../../../src/use-cases/batches/suggest-mapping.ts';
import { startBatchFill } from '../../../src/use-cases/batches/start-batch-fill.ts';
import { failBatch, fillBatchRows } from '../../../src/use-cases/batches/fill-batch-rows.ts';
import { getBatch } from '../../../src/use-cases/batches/get-batch.ts';
import { getBatchRowPdf } from '../../../src/use-cases/batches/get-batch-row-pdf.ts';
import { listFilledRows } from '../../../src/use-cases/batches/list-filled-rows.ts';
import { getContract } from '../../../src/use-cases/forms/get-contract.ts';
import { readPdfValues } from '../../../src/pdf/read.ts';

const h = useCaseContext();
const sheet = () => uploaded(csv(['First Name,Married,Notes', 'Ada,yes,a', 'Bea,maybe,b', 'Cyd,no,c']), 'people.csv', 'text/csv');

async function readyApplicantForm() {
  const formId = await readyFormOf(h.ctx, h.ownerId, await applicantFormPdf());
  const contract = await getContract(h.ctx, h.ownerId, formId);
  const id = (name: string) => contract.fields.find((f) => f.name === name)!.id;
  return { formId, id };
}

describe('batches', () => {
  test('suggestMapping maps columns to fields, leaves the rest unmapped, and bills one context fill', async () => {
    const { formId, id } = await readyApplicantForm();
    const before = await h.ctx.db.usageEvent.count({ where: { ownerId: h.ownerId, kind: 'with_context' } });
    const suggestion = await suggestMapping(h.ctx, h.ownerId, formId, sheet());
    expect(suggestion.mapping['First Name']).toMatchObject({ field_id: id('f1') });
    expect(suggestion.unmapped_columns).toContain('Notes');
    expect(await h.ctx.db.usageEvent.count({ where: { ownerId: h.ownerId, kind: 'with_context' } })).toBe(before + 1);
  });

  test('startBatchFill stores every row with its mapped cells and queues the job; a bad mapping stores nothing', async () => {
    const { formId, id } = await readyApplicantForm();
    const mapping = JSON.stringify({ 'First Name': { field_id: id('f1') }, Married: { field_id: id('c1') } });
    const batches = await h.ctx.db.batch.count();
    expect(await refusalOf(startBatchFill(h.ctx, h.ownerId, formId, sheet(), JSON.stringify({ Nope: { field_id: id('f1') } })))).toMatchObject({ refusal: 'invalid', code: 'unknown_column' });
    expect(await h.ctx.db.batch.count()).toBe(batches);
    const { batch_id } = await startBatchFill(h.ctx, h.ownerId, formId, sheet(), mapping);
    const rows = await h.ctx.db.batchRow.findMany({ where: { batchId: batch_id }, orderBy: { row: 'asc' } });
    expect(rows.map((r) => [r.row, r.status, r.values])).toEqual([
      [1, 'pending', { [id('f1')]: 'Ada', [id('c1')]: 'yes' }],
      [2, 'pending', { [id('f1')]: 'Bea', [id('c1')]: 'maybe' }],
      [3, 'pending', { [id('f1')]: 'Cyd', [id('c1')]: 'no' }],
    ]);
    expect(await h.ctx.db.job.count({ where: { kind: 'batch.fill', payload: { equals: { batchId: batch_id } } } })).toBe(1);
  });

  test('fillBatchRows fills and bills each good row once, fails a refused row with its reason, and resumes idempotently', async () => {
    const { formId, id } = await readyApplicantForm();
    const { batch_id } = await startBatchFill(h.ctx, h.ownerId, formId, sheet(), JSON.stringify({ 'First Name': { field_id: id('f1') }, Married: { field_id: id('c1') } }));
    await fillBatchRows(h.ctx, batch_id);
    const manifest = await getBatch(h.ctx, h.ownerId, batch_id);
    expect(manifest).toMatchObject({ status: 'complete', total: 3, filled: 2, failed: 1 });
    expect(manifest.results[1]).toMatchObject({ row: 2, status: 'failed', error: expect.stringContaining('maybe') });
    const billed = () => h.ctx.db.usageEvent.findMany({ where: { kind: 'standard_fill', subjectId: { startsWith: `${batch_id}:` } }, orderBy: { subjectId: 'asc' } });
    expect((await billed()).map((e) => e.subjectId)).toEqual([`${batch_id}:1`, `${batch_id}:3`]);

    // A second run (a retry after a crash) finds nothing pending: nothing is filled or billed again.
    await h.ctx.db.batch.update({ where: { id: batch_id }, data: { status: 'processing' } });
    await fillBatchRows(h.ctx, batch_id);
    expect((await billed()).length).toBe(2);

    const stream = await getBatchRowPdf(h.ctx, h.ownerId, batch_id, 1);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect((await readPdfValues(Buffer.concat(chunks))).fields.find((f) => f.name === 'f1')?.value).toBe('Ada');
    expect(await refusalOf(getBatchRowPdf(h.ctx, h.ownerId, batch_id, 2))).toMatchObject({ refusal: 'not_found' });
    const filled = await listFilledRows(h.ctx, h.ownerId, batch_id);
    expect(filled.map((r) => r.row)).toEqual([1, 3]);
    expect((await filled[1].load()).length).toBeGreaterThan(0);
  });

  test('failBatch fails a processing batch with the reason; another account does not see the batch', async () => {
    const { formId, id } = await readyApplicantForm();
    const { batch_id } = await startBatchFill(h.ctx, h.ownerId, formId, sheet(), JSON.stringify({ 'First Name': { field_id: id('f1') } }));
    await failBatch(h.ctx, batch_id, { code: 'documents_deleted', message: 'The form or its fillable PDF no longer exists.' });
    expect((await getBatch(h.ctx, h.ownerId, batch_id)).error).toEqual({ code: 'batch_failed', message: 'The form or its fillable PDF no longer exists.', reason: 'documents_deleted' });
    expect(await refusalOf(getBatch(h.ctx, h.otherId, batch_id))).toMatchObject({ refusal: 'not_found' });
  });
});
