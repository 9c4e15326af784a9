// Batch fill (§2.7, §3.2, §4.6): a spreadsheet and a column→field mapping become one PDF per row.
// Rows are stored with their mapped cell values when the batch is accepted; the batch.fill job
// fills the pending rows (src/jobs/batch-fill.ts), so a restart resumes where the last process stopped.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { DomainError, notFound } from './errors.ts';
import type { UploadedFile } from '../http/upload.ts';
import { assertBillable } from '../billing/allowance.ts';
import { LIMITS } from '../config.ts';
import { newJobRow } from '../jobs/kinds.ts';
import { parseSpreadsheet, SpreadsheetError, type Sheet } from '../extract/spreadsheet.ts';
import { requireReadyForm } from './forms.ts';
import type { Contract } from './contracts.ts';
import { recordUsage } from './usage.ts';
import { suggestMapping, type MappingSuggestion } from './batch-mapping.ts';
import { checkMappedCells, checkSheetShape, checkSpreadsheetBytes, type SheetBounds } from './sheet-limits.ts';

export const MAX_BATCH_ROWS: number = LIMITS.batchRows;

/** The sheet, once its bytes and then its shape are within the limits (src/limits.ts). */
export async function readSheet(file: UploadedFile, bounds: SheetBounds = { maxRows: MAX_BATCH_ROWS }): Promise<Sheet> {
  checkSpreadsheetBytes(file.bytes, bounds); // before the parser: columns, rows, cells, zip bombs
  let sheet: Sheet;
  try {
    sheet = await parseSpreadsheet(file.bytes);
  } catch (err) {
    if (err instanceof SpreadsheetError) throw new DomainError('invalid', 'invalid_spreadsheet', err.message);
    throw new DomainError('invalid', 'invalid_spreadsheet', 'The file is not a readable CSV or XLSX spreadsheet.');
  }
  checkSheetShape(sheet, bounds);
  return sheet;
}

export async function suggestBatchMapping(ctx: AppContext, ownerId: string, formId: string, file: UploadedFile): Promise<MappingSuggestion> {
  const form = await requireReadyForm(ctx, ownerId, formId);
  const sheet = await readSheet(file);
  await assertBillable(ctx, ownerId, 'fill_with_context');
  const contract = form.contract as unknown as Contract;
  const suggestion = suggestMapping(contract.fields, sheet.columns, sheet.rows);
  await recordUsage(ctx.db, { ownerId, kind: 'with_context', subjectId: randomUUID() });
  return suggestion;
}

/** The mapping form field: a JSON object, each key a column, each value {field_id}. */
export function parseMapping(raw: string | undefined, sheet: Sheet, contract: Contract): Map<string, number> {
  if (raw === undefined || raw.trim() === '') throw new DomainError('invalid', 'invalid_mapping', 'The multipart field "mapping" (a JSON object) is required.');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new DomainError('invalid', 'invalid_mapping', 'mapping is not valid JSON.');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new DomainError('invalid', 'invalid_mapping', 'mapping must be a JSON object keyed by column name.');
  const fieldIds = new Set(contract.fields.filter((f) => f.type !== 'signature').map((f) => f.id));
  const columns = new Set(sheet.columns);
  const out = new Map<string, number>();
  const usedFields = new Set<number>();
  for (const [column, value] of Object.entries(json as Record<string, unknown>)) {
    const fieldId = value && typeof value === 'object' ? (value as { field_id?: unknown }).field_id : undefined;
    if (typeof fieldId !== 'number' || !Number.isInteger(fieldId)) throw new DomainError('invalid', 'invalid_mapping', `mapping["${column}"] must be an object with an integer field_id.`);
    if (!columns.has(column)) throw new DomainError('invalid', 'unknown_column', `The spreadsheet has no column "${column}".`, { column, columns: sheet.columns });
    if (!fieldIds.has(fieldId)) throw new DomainError('invalid', 'unknown_field', `The form has no fillable field ${fieldId} (mapping["${column}"]).`, { column, field_id: fieldId });
    if (usedFields.has(fieldId)) throw new DomainError('invalid', 'invalid_mapping', `Field ${fieldId} is mapped from more than one column.`, { field_id: fieldId });
    usedFields.add(fieldId);
    out.set(column, fieldId);
  }
  if (!out.size) throw new DomainError('invalid', 'invalid_mapping', 'mapping maps no column.');
  return out;
}

export async function createBatch(ctx: AppContext, ownerId: string, formId: string, file: UploadedFile, rawMapping: string | undefined): Promise<{ batch_id: string }> {
  const form = await requireReadyForm(ctx, ownerId, formId);
  if (!form.fillableBlob || form.documentsDeletedAt) throw new DomainError('conflict', 'not_fillable', 'The form has no fillable PDF (its documents were deleted).');
  const contract = form.contract as unknown as Contract;
  const sheet = await readSheet(file); // 400 too_many_rows over MAX_BATCH_ROWS, 413 too wide or too big
  const mapping = parseMapping(rawMapping, sheet, contract);
  checkMappedCells(sheet, mapping, contract); // NUL, lone surrogates: 422 with row, column and field
  await assertBillable(ctx, ownerId, 'fill', undefined, sheet.rows.length);

  const id = randomUUID();
  const rows = sheet.rows.map((cells, i) => {
    const values: Record<string, string> = {};
    for (const [column, fieldId] of mapping) if (cells[column] !== undefined && cells[column] !== '') values[String(fieldId)] = cells[column];
    return { batchId: id, row: i + 1, values };
  });
  const job = newJobRow('batch.fill', { batchId: id }, { ownerId });
  // A batch of statements rather than an interactive transaction: 1000 rows on a loaded machine
  // can outlast the interactive transaction's 5 s limit.
  await ctx.db.$transaction([
    ctx.db.batch.create({ data: { id, ownerId, formId, total: rows.length, mapping: Object.fromEntries(mapping) } }),
    ctx.db.batchRow.createMany({ data: rows }),
    ctx.db.job.create({ data: job }),
  ]);
  await ctx.queue.dispatch(job.id);
  return { batch_id: id };
}

async function ownedBatch(ctx: AppContext, ownerId: string, batchId: string) {
  const batch = await ctx.db.batch.findFirst({ where: { id: batchId, ownerId } });
  if (!batch) throw notFound('batch');
  return batch;
}

export const rowPdfPath = (batchId: string, row: number) => `/forms/fill-batch/${batchId}/rows/${row}/pdf`;

export async function batchManifest(ctx: AppContext, ownerId: string, batchId: string) {
  const batch = await ownedBatch(ctx, ownerId, batchId);
  const rows = await ctx.db.batchRow.findMany({ where: { batchId }, orderBy: { row: 'asc' }, select: { row: true, status: true, error: true } });
  let filled = 0;
  let failed = 0;
  const results = rows.map((r) => {
    if (r.status === 'filled') {
      filled++;
      return { row: r.row, status: 'filled' as const, pdf_url: rowPdfPath(batchId, r.row) };
    }
    if (r.status === 'failed') {
      failed++;
      return { row: r.row, status: 'failed' as const, error: r.error ?? 'failed' };
    }
    return { row: r.row, status: 'pending' as const };
  });
  return {
    batch_id: batch.id,
    form_id: batch.formId,
    status: batch.status as 'processing' | 'complete' | 'failed',
    total: batch.total,
    filled,
    failed,
    results,
    error: (batch.error as { code: string; message: string } | null) ?? null,
  };
}

export async function batchRowPdf(ctx: AppContext, ownerId: string, batchId: string, row: number): Promise<Readable> {
  await ownedBatch(ctx, ownerId, batchId);
  const r = await ctx.db.batchRow.findUnique({ where: { batchId_row: { batchId, row } } });
  if (!r || r.status !== 'filled' || !r.pdfBlob) throw new DomainError('not_found', 'not_found', `Row ${row} of this batch has no filled PDF.`);
  return ctx.blobs.stream(r.pdfBlob);
}

/** The filled rows' blobs, for the zip. */
export async function batchFilledRows(ctx: AppContext, ownerId: string, batchId: string): Promise<{ row: number; blob: string }[]> {
  await ownedBatch(ctx, ownerId, batchId);
  const rows = await ctx.db.batchRow.findMany({ where: { batchId, status: 'filled' }, orderBy: { row: 'asc' }, select: { row: true, pdfBlob: true } });
  return rows.filter((r) => r.pdfBlob).map((r) => ({ row: r.row, blob: r.pdfBlob! }));
}
