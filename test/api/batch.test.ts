// §4.6, §2.7, §2.9: batch fill from spreadsheets — mapping suggestion, every 400, partial row
// failures, per-row PDFs and the zip, billing per filled row, and a restart mid-batch.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { dropTestEnv, eventually, startServer, testEnv, useServer } from '../helpers/server.ts';
import { client, type Part } from '../helpers/http.ts';
import { applicantFormPdf, csv } from '../helpers/batch-pdfs.ts';
import { markBatchRowsFilledAndBill } from '../../src/store/usage.ts';

const FAST = { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_IP_PER_MINUTE: '100000' };
const h = useServer({ overrides: FAST });
let formId: string;
let ids: Record<string, number>; // AcroForm name → contract field id

const HEADER = 'First Name,Last Name,DOB,SSN,Zip Code,Married?,State,Notes';
const ROWS = [
  'Ada,Lovelace,12/10/1815,123-45-6789,94105,yes,CA,first',
  'Bob,Smith,01/02/1990,987654321,10001,no,NY,',
  'Cy,"Jones, Jr.",03/04/1985,111-22-3333,73301,maybe,TX,bad checkbox',
  'Dee,Ray,05/06/1970,222334444,12345,,ZZ,bad state',
  'Eve,Stone,07/08/1960,333-44-5555,60601,Y,tx,',
];
const sheet = (lines = [HEADER, ...ROWS], eol = '\n'): Part => ({ bytes: csv(lines, eol), filename: 'people.csv', type: 'text/csv' });

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'batch-'));
  writeFileSync(join(dir, 'in.pdf'), bytes);
  return execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
}

/** Names in a zip, from its central directory (no unzip needed). */
function zipNames(bytes: Uint8Array): string[] {
  const b = Buffer.from(bytes);
  const eocd = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThanOrEqual(0);
  const count = b.readUInt16LE(eocd + 10);
  let p = b.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    expect(b.readUInt32LE(p)).toBe(0x02014b50);
    const nameLen = b.readUInt16LE(p + 28);
    const extra = b.readUInt16LE(p + 30);
    const comment = b.readUInt16LE(p + 32);
    names.push(b.subarray(p + 46, p + 46 + nameLen).toString('utf8'));
    p += 46 + nameLen + extra + comment;
  }
  return names;
}

const fullMapping = () => ({
  'First Name': { field_id: ids.f1 },
  'Last Name': { field_id: ids.f2 },
  DOB: { field_id: ids.f3 },
  SSN: { field_id: ids.f4 },
  'Zip Code': { field_id: ids.f5 },
  'Married?': { field_id: ids.c1 },
  State: { field_id: ids.d1 },
});

async function readyForm(api = h.api): Promise<{ formId: string; ids: Record<string, number> }> {
  const r = await api.upload('/forms', { file: { bytes: await applicantFormPdf() } });
  expect(r.status).toBe(202);
  const id = r.body.form_id as string;
  await eventually(async () => ((await api.get(`/forms/${id}`)).body.status === 'ready' ? true : undefined), 30_000, 'form ready');
  const contract = (await api.get(`/forms/${id}/contract`)).body;
  return { formId: id, ids: Object.fromEntries(contract.fields.map((f: any) => [f.name, f.id])) };
}

const waitDone = (batchId: string, api = h.api) =>
  eventually(async () => {
    const m = (await api.get(`/forms/fill-batch/${batchId}`)).body;
    return m.status !== 'processing' ? m : undefined;
  }, 60_000, 'batch done');

beforeAll(async () => {
  ({ formId, ids } = await readyForm());
}, 60_000);

describe('POST /forms/{id}/suggest-mapping', () => {
  test('maps realistic headers to the fields, leaves the rest unmapped, bills one context fill', async () => {
    const before = (await h.api.get('/usage')).body.with_context;
    const r = await h.api.upload(`/forms/${formId}/suggest-mapping`, { file: sheet() });
    expect(r.status).toBe(200);
    const want = { 'First Name': ids.f1, 'Last Name': ids.f2, DOB: ids.f3, SSN: ids.f4, 'Zip Code': ids.f5, 'Married?': ids.c1, State: ids.d1 };
    for (const [col, fieldId] of Object.entries(want)) expect(r.body.mapping[col], col).toEqual({ field_id: fieldId, confidence: 'high' });
    expect(r.body.unmapped_columns).toEqual(['Notes']);
    expect((await h.api.get('/usage')).body.with_context).toBe(before + 1);
  });

  test('400 for an unreadable, empty or header-only spreadsheet (not billed); 404 and 409 for the form', async () => {
    const before = (await h.api.get('/usage')).body.with_context;
    for (const bytes of [new Uint8Array([0, 1, 2, 3, 0, 255]), new Uint8Array(0), csv([HEADER]), Buffer.from('PK\x03\x04garbage')]) {
      const r = await h.api.upload(`/forms/${formId}/suggest-mapping`, { file: { bytes, filename: 'x.csv', type: 'text/csv' } });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('invalid_spreadsheet');
    }
    expect((await h.api.upload(`/forms/${formId}/suggest-mapping`, { other: 'x' } as never)).status).toBe(400);
    expect((await h.api.upload('/forms/00000000-0000-4000-8000-000000000000/suggest-mapping', { file: sheet() })).status).toBe(404);
    await withFormStatus('processing', async () => {
      expect((await h.api.upload(`/forms/${formId}/suggest-mapping`, { file: sheet() })).status).toBe(409);
    });
    expect((await h.api.get('/usage')).body.with_context).toBe(before);
  });
});

async function withFormStatus(status: string, fn: () => Promise<void>) {
  await h.s.ctx.db.form.update({ where: { id: formId }, data: { status } });
  try {
    await fn();
  } finally {
    await h.s.ctx.db.form.update({ where: { id: formId }, data: { status: 'ready' } });
  }
}

const fillBatch = (file: Part, mapping: unknown = fullMapping(), form = formId) =>
  h.api.upload(`/forms/${form}/fill-batch`, { file, ...(mapping === null ? {} : { mapping: typeof mapping === 'string' ? mapping : JSON.stringify(mapping) }) });

describe('POST /forms/{id}/fill-batch', () => {
  test('every 400: mapping JSON, unknown column, unknown field, too many rows, bad spreadsheet', async () => {
    const cases: [Part, unknown, string][] = [
      [sheet(), '{not json', 'invalid_mapping'],
      [sheet(), null, 'invalid_mapping'],
      [sheet(), '[1,2]', 'invalid_mapping'],
      [sheet(), { 'First Name': { field_id: 'one' } }, 'invalid_mapping'],
      [sheet(), { 'Middle Name': { field_id: ids.f1 } }, 'unknown_column'],
      [sheet(), { 'First Name': { field_id: 99999 } }, 'unknown_field'],
      [sheet([HEADER, ...Array.from({ length: 1001 }, (_, i) => `A${i},B,01/01/2000,123456789,12345,no,CA,`)]), undefined, 'too_many_rows'],
      [{ bytes: new Uint8Array([0, 0, 0, 1]), filename: 'x.xlsx' }, undefined, 'invalid_spreadsheet'],
      [sheet([HEADER]), undefined, 'invalid_spreadsheet'],
    ];
    for (const [file, mapping, code] of cases) {
      const r = await fillBatch(file, mapping);
      expect(r.status, code).toBe(400);
      expect(r.body.error.code, JSON.stringify(mapping)).toBe(code);
    }
    expect(await h.s.ctx.db.batch.count()).toBe(0);
  });

  test('exactly 1000 rows is accepted', async () => {
    const r = await fillBatch(sheet(['First Name', ...Array.from({ length: 1000 }, (_, i) => `N${i}`)]), { 'First Name': { field_id: ids.f1 } });
    expect(r.status).toBe(202);
    const m = await waitDone(r.body.batch_id);
    expect(m).toMatchObject({ status: 'complete', total: 1000, filled: 1000, failed: 0 });
  }, 120_000);

  test('404 unknown form, 409 form not ready or without a fillable PDF', async () => {
    expect((await fillBatch(sheet(), fullMapping(), '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    await withFormStatus('failed', async () => {
      const r = await fillBatch(sheet());
      expect(r.status).toBe(409);
    });
    const form = await h.s.ctx.db.form.findUniqueOrThrow({ where: { id: formId } });
    await h.s.ctx.db.form.update({ where: { id: formId }, data: { fillableBlob: null } });
    try {
      expect((await fillBatch(sheet())).status).toBe(409);
    } finally {
      await h.s.ctx.db.form.update({ where: { id: formId }, data: { fillableBlob: form.fillableBlob } });
    }
  });
});

describe('a whole batch', () => {
  let batchId: string;
  let manifest: any;
  let usageBefore: number;

  beforeAll(async () => {
    usageBefore = (await h.api.get('/usage')).body.standard_fill;
    const r = await fillBatch(sheet([HEADER, ...ROWS], '\r\n'));
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ batch_id: expect.any(String) });
    batchId = r.body.batch_id;
    manifest = await waitDone(batchId);
  }, 90_000);

  test('manifest: rows filled, bad rows failed with a reason, the rest go on', () => {
    expect(manifest).toMatchObject({ batch_id: batchId, form_id: formId, status: 'complete', total: 5, filled: 3, failed: 2, error: null });
    expect(manifest.results.map((r: any) => [r.row, r.status])).toEqual([[1, 'filled'], [2, 'filled'], [3, 'failed'], [4, 'failed'], [5, 'filled']]);
    expect(manifest.results[0].pdf_url).toBe(`/forms/fill-batch/${batchId}/rows/1/pdf`);
    expect(manifest.results[2].error).toMatch(/maybe/);
    expect(manifest.results[3].error).toMatch(/ZZ/);
    expect(manifest.results[2].pdf_url).toBeUndefined();
  });

  test('each row PDF holds its own values', async () => {
    const r1 = await h.api.get(`/forms/fill-batch/${batchId}/rows/1/pdf`);
    expect(r1.status).toBe(200);
    expect(r1.headers.get('content-type')).toContain('application/pdf');
    const t1 = pdfText(r1.bytes);
    for (const v of ['Ada', 'Lovelace', '12/10/1815', '123-45-6789', '94105', 'CA']) expect(t1).toContain(v);
    const t5 = pdfText((await h.api.get(`/forms/fill-batch/${batchId}/rows/5/pdf`)).bytes);
    expect(t5).toContain('Stone');
    expect(t5).not.toContain('Lovelace');
  });

  test('404 for a failed row, a row out of range, a malformed row number', async () => {
    for (const n of ['3', '6', '0', 'abc']) expect((await h.api.get(`/forms/fill-batch/${batchId}/rows/${n}/pdf`)).status).toBe(404);
  });

  test('the zip holds row-N.pdf for filled rows only', async () => {
    const r = await h.api.get(`/forms/fill-batch/${batchId}/zip`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    expect(r.headers.get('content-disposition')).toContain(`batch-${batchId}.zip`);
    expect(zipNames(r.bytes)).toEqual(['row-1.pdf', 'row-2.pdf', 'row-5.pdf']);
    const dir = mkdtempSync(join(tmpdir(), 'batchzip-'));
    writeFileSync(join(dir, 'b.zip'), r.bytes);
    const row2 = execFileSync('unzip', ['-p', join(dir, 'b.zip'), 'row-2.pdf']);
    expect(pdfText(row2)).toContain('Smith');
  });

  test('usage counts each filled row once', async () => {
    expect((await h.api.get('/usage')).body.standard_fill).toBe(usageBefore + 3);
    const events = await h.s.ctx.db.usageEvent.findMany({ where: { subjectId: { startsWith: `${batchId}:` } } });
    expect(events.map((e) => e.subjectId).sort()).toEqual([1, 2, 5].map((n) => `${batchId}:${n}`));
  });

  test("another owner's batch is 404 everywhere", async () => {
    const other = client(h.s.url, (await h.s.account('other')).key);
    expect((await other.get(`/forms/fill-batch/${batchId}`)).status).toBe(404);
    expect((await other.get(`/forms/fill-batch/${batchId}/rows/1/pdf`)).status).toBe(404);
    expect((await other.get(`/forms/fill-batch/${batchId}/zip`)).status).toBe(404);
    expect((await h.api.get('/forms/fill-batch/not-a-uuid')).status).toBe(404);
  });
});

describe('the manifest of a batch whose every row is filled', () => {
  test('lists each row filled with its PDF, without reading the rows', async () => {
    const r = await fillBatch(sheet([HEADER, ROWS[0], ROWS[1], ROWS[4]]));
    expect(r.status).toBe(202);
    const done = await waitDone(r.body.batch_id);
    expect(done).toMatchObject({ status: 'complete', total: 3, filled: 3, failed: 0 });
    const reads = vi.spyOn(h.s.ctx.db.batchRow, 'findMany');
    try {
      const m = (await h.api.get(`/forms/fill-batch/${r.body.batch_id}`)).body;
      expect(m.results).toEqual([1, 2, 3].map((row) => ({ row, status: 'filled', pdf_url: `/forms/fill-batch/${r.body.batch_id}/rows/${row}/pdf` })));
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  }, 90_000);
});

describe('spreadsheet dialects', () => {
  test('semicolon CSV with BOM and CRLF, and an XLSX with dates on its first of two sheets', async () => {
    const semi = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('First Name;DOB;SSN\r\n"Zoë";"02/03/2001";123456789\r\n;;\r\n')]);
    const a = await fillBatch({ bytes: semi, filename: 's.csv', type: 'text/csv' }, { 'First Name': { field_id: ids.f1 }, DOB: { field_id: ids.f3 }, SSN: { field_id: ids.f4 } });
    expect(a.status).toBe(202);
    expect(await waitDone(a.body.batch_id)).toMatchObject({ status: 'complete', total: 1, filled: 1 });
    expect(pdfText((await h.api.get(`/forms/fill-batch/${a.body.batch_id}/rows/1/pdf`)).bytes)).toContain('Zoë');

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('People');
    ws.addRow(['First Name', 'DOB', 'SSN', 'Married?']);
    ws.addRow(['Xena', new Date(Date.UTC(1980, 6, 4)), 123456789, true]);
    ws.addRow([]);
    const serial = ws.addRow(['Yuri', 36526, 987654321, 'no']); // 2000-01-01 as an Excel serial
    serial.getCell(2).numFmt = 'mm/dd/yyyy';
    wb.addWorksheet('Other').addRow(['Nope']);
    const xlsx = new Uint8Array(await wb.xlsx.writeBuffer());
    const b = await fillBatch({ bytes: xlsx, filename: 'p.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, { 'First Name': { field_id: ids.f1 }, DOB: { field_id: ids.f3 }, SSN: { field_id: ids.f4 }, 'Married?': { field_id: ids.c1 } });
    expect(b.status).toBe(202);
    expect(await waitDone(b.body.batch_id)).toMatchObject({ status: 'complete', total: 2, filled: 2 });
    const t1 = pdfText((await h.api.get(`/forms/fill-batch/${b.body.batch_id}/rows/1/pdf`)).bytes);
    expect(t1).toContain('07/04/1980');
    expect(t1).toContain('123456789');
    const t2 = pdfText((await h.api.get(`/forms/fill-batch/${b.body.batch_id}/rows/2/pdf`)).bytes);
    expect(t2).toContain('01/01/2000');
  }, 60_000);
});

describe('restart mid-batch', () => {
  const envs: Record<string, string>[] = [];
  afterAll(async () => {
    for (const env of envs) await dropTestEnv(env);
  });

  test('a batch interrupted after some rows finishes every row once after a restart', async () => {
    const env = await testEnv(FAST);
    envs.push(env);
    // A first life with a worker processes the form; it ends before any batch exists.
    const setup = await startServer({ env });
    const { key, id: ownerId } = await setup.account();
    let f: Awaited<ReturnType<typeof readyForm>>;
    try {
      f = await readyForm(client(setup.url, key));
    } finally {
      await setup.close();
    }
    // A second life without a worker: the batch is accepted, its job never runs here.
    const first = await startServer({ env, worker: false });
    const api = client(first.url, key);
    let batchId: string;
    try {
      const lines = [HEADER, ...Array.from({ length: 6 }, (_, i) => `P${i + 1},Q,01/01/2000,123456789,12345,no,CA,`)];
      const mapping = { 'First Name': { field_id: f.ids.f1 }, 'Last Name': { field_id: f.ids.f2 } };
      const r = await api.upload(`/forms/${f.formId}/fill-batch`, { file: sheet(lines), mapping: JSON.stringify(mapping) });
      expect(r.status).toBe(202);
      batchId = r.body.batch_id;
      // A worker claimed the job, filled rows 1 and 2 (PDF stored, row marked, billed and counted in
      // the job's own statement), then died. Their blobs are whole PDFs, as rows were stored before
      // deltas: such rows are still served as they are.
      const job = await first.ctx.db.job.findFirstOrThrow({ where: { kind: 'batch.fill' } });
      await first.ctx.db.job.update({ where: { id: job.id }, data: { status: 'running', attempts: 1, lockedAt: new Date() } });
      const prefix = `${ownerId}/batches/${batchId}/row-`;
      for (const row of [1, 2]) await first.ctx.blobs.put(`${prefix}${row}.pdf`, await applicantFormPdf());
      await markBatchRowsFilledAndBill(first.ctx.db, { ownerId, batchId, rows: [1, 2], rowBlob: { prefix, suffix: '.pdf' } });
      const midway = (await api.get(`/forms/fill-batch/${batchId}`)).body;
      expect(midway).toMatchObject({ status: 'processing', total: 6, filled: 2, failed: 0 });
      expect(midway.results.map((r: any) => r.status)).toEqual(['filled', 'filled', 'pending', 'pending', 'pending', 'pending']);
    } finally {
      await first.close();
    }

    const second = await startServer({ env });
    try {
      const api2 = client(second.url, key);
      const m = await waitDone(batchId!, api2);
      expect(m).toMatchObject({ status: 'complete', total: 6, filled: 6, failed: 0 });
      expect((await api2.get('/usage')).body.standard_fill).toBe(6);
      const events = await second.ctx.db.usageEvent.findMany({ where: { kind: 'standard_fill' } });
      expect(new Set(events.map((e) => e.subjectId)).size).toBe(6);
      // Rows 1–2 were not filled again (their blob is still the blank form); row 3 was.
      expect(pdfText((await api2.get(`/forms/fill-batch/${batchId!}/rows/1/pdf`)).bytes)).not.toContain('P1');
      expect(pdfText((await api2.get(`/forms/fill-batch/${batchId!}/rows/3/pdf`)).bytes)).toContain('P3');
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('a zip asked for while the batch fills (?follow=true)', () => {
  test('streams every filled row in row order as they are filled, the same entries as the zip of the complete batch', async () => {
    // 60 rows (three chunks of 25 or fewer), two in five refused by the form.
    const lines = [HEADER, ...Array.from({ length: 12 }, () => ROWS).flat()];
    const r = await fillBatch(sheet(lines));
    expect(r.status).toBe(202);
    const batchId = r.body.batch_id as string;
    const asked = (await h.api.get(`/forms/fill-batch/${batchId}`)).body.status;
    const followed = await h.api.get(`/forms/fill-batch/${batchId}/zip?follow=true`);
    expect(followed.status).toBe(200);
    const manifest = await waitDone(batchId);
    expect(manifest).toMatchObject({ status: 'complete', filled: 36, failed: 24 });
    const filled = manifest.results.filter((x: any) => x.status === 'filled').map((x: any) => `row-${x.row}.pdf`);
    expect(zipNames(followed.bytes)).toEqual(filled);
    // Each entry is byte for byte the entry of the zip asked for once the batch is complete.
    const after = await h.api.get(`/forms/fill-batch/${batchId}/zip`);
    const dir = mkdtempSync(join(tmpdir(), 'batchzip-'));
    writeFileSync(join(dir, 'followed.zip'), followed.bytes);
    writeFileSync(join(dir, 'after.zip'), after.bytes);
    for (const name of filled) expect(Buffer.compare(execFileSync('unzip', ['-p', join(dir, 'followed.zip'), name]), execFileSync('unzip', ['-p', join(dir, 'after.zip'), name])), name).toBe(0);
    execFileSync('unzip', ['-tq', join(dir, 'followed.zip')]); // Info-ZIP checks every entry's CRC
    // Not a guarantee on a fast machine, but the point of the test: the zip was asked for mid-batch.
    if (asked !== 'processing') console.warn('the batch completed before its zip was asked for');
  }, 120_000);
});
