// POST /forms/{id}/fill-batch (§2.7, §3.2, §4.6): a spreadsheet and a column→field mapping
// become a batch: every row is stored with its mapped cell values when the batch is accepted, and
// the batch.fill job fills the pending rows (use-cases/batches/fill-batch-rows.ts), so a restart
// resumes where the last process stopped. Each filled row bills one standard fill.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Contract } from '../../domain/contracts.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import { checkMappedCells } from '../../domain/sheet-limits.ts';
import { readSpreadsheet } from '../../workers/offload.ts';
import type { Sheet } from '../../extract/spreadsheet.ts';
import { assertBillable } from '../../billing/allowance.ts';
import { newJobRow } from '../../jobs/kinds.ts';
import { contractOf, readyForm } from '../../store/forms.ts';

export async function startBatchFill(ctx: AppContext, ownerId: string, formId: string, file: UploadedDocument, rawMapping: string | undefined): Promise<{ batch_id: string }> {
  const form = await readyForm(ctx, ownerId, formId);
  if (!form.fillableBlob || form.documentsDeletedAt) throw new DomainError('conflict', 'not_fillable', 'The form has no fillable PDF (its documents were deleted).');
  const contract = contractOf(form);
  const sheet = await readSpreadsheet(ctx, file); // in the request pool; too_many_rows over the batch limit, too_large when too wide or too big
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
    ctx.db.batch.create({ data: { id, ownerId, formId, total: rows.length, mapping: Object.fromEntries(mapping), templateBlob: form.fillableBlob } }),
    ctx.db.batchRow.createMany({ data: rows }),
    ctx.db.job.create({ data: job }),
  ]);
  await ctx.queue.dispatch(job.id);
  return { batch_id: id };
}

/** The mapping form field: a JSON object, each key a column, each value {field_id}. */
function parseMapping(raw: string | undefined, sheet: Sheet, contract: Contract): Map<string, number> {
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
