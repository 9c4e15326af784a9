// The batch job (§3.2): fills one PDF per pending row of a batch. The form is parsed once
// (loadTemplate) and each row's incremental update is appended to the fillable bytes. A row whose
// values the form refuses is marked failed with the reason; the others go on. Per-row state is in
// BatchRow, so a retry or a restarted process skips filled rows, and usage is recorded per row
// under `${batchId}:${row}`, so no row bills twice.
import { z } from 'zod';
import { defineJob, UnrecoverableJobError } from './types.ts';
import type { AppContext } from '../context.ts';
import type { Contract, ContractField } from '../domain/forms.ts';
import { fillerValue, normaliseValue } from '../domain/field-values.ts';
import { recordUsage } from '../domain/usage.ts';
import { FillValidationError, fillTemplate, loadTemplate } from '../pdf/fill/index.ts';

export const batchRowBlob = (ownerId: string, batchId: string, row: number) => `${ownerId}/batches/${batchId}/row-${row}.pdf`;

/** The filler's values for one row, or the reason the row cannot be filled. */
export function rowValues(fields: Map<string, ContractField>, values: Record<string, string>): { byName: Record<string, string | boolean> } | { error: string } {
  const byName: Record<string, string | boolean> = {};
  const problems: string[] = [];
  for (const [fieldId, raw] of Object.entries(values)) {
    if (raw === '') continue;
    const field = fields.get(fieldId);
    if (!field) {
      problems.push(`field ${fieldId}: no such field`);
      continue;
    }
    const r = normaliseValue(field, raw);
    if ('problem' in r) problems.push(`field ${field.id} (${field.label}): ${r.problem.message}`);
    else byName[field.name] = fillerValue(field, r.value);
  }
  return problems.length ? { error: problems.join(' ') } : { byName };
}

export const batchFillJob = defineJob({
  kind: 'batch.fill',
  payload: z.object({ batchId: z.string() }),
  maxAttempts: 5,
  async run({ batchId }, ctx) {
    const batch = await ctx.db.batch.findUnique({ where: { id: batchId } });
    if (!batch || batch.status !== 'processing') return { skipped: true };
    const form = await ctx.db.form.findUnique({ where: { id: batch.formId } });
    if (!form || !form.fillableBlob || form.documentsDeletedAt) throw new UnrecoverableJobError('documents_deleted', 'The form or its fillable PDF no longer exists.');
    const contract = form.contract as unknown as Contract;
    const fields = new Map(contract.fields.map((f) => [String(f.id), f]));
    const base = await ctx.blobs.get(form.fillableBlob);
    const tpl = await loadTemplate(base);

    const pending = await ctx.db.batchRow.findMany({ where: { batchId, status: 'pending' }, orderBy: { row: 'asc' } });
    for (const r of pending) {
      const values = rowValues(fields, r.values as Record<string, string>);
      if ('error' in values) {
        await failRow(ctx, batchId, r.row, values.error);
        continue;
      }
      let update: Uint8Array;
      try {
        ({ update } = await fillTemplate(tpl, values.byName));
      } catch (err) {
        if (err instanceof FillValidationError) {
          await failRow(ctx, batchId, r.row, err.issues.map((i) => `${i.field}: ${i.message}`).join(' '));
          continue;
        }
        throw err; // a PDF we cannot write: retried, then the batch fails
      }
      const pdf = Buffer.concat([base, update]);
      const key = batchRowBlob(batch.ownerId, batchId, r.row);
      await ctx.blobs.put(key, pdf); // same key on a retry: overwritten, never duplicated
      await ctx.db.$transaction(async (tx) => {
        const done = await tx.batchRow.updateMany({ where: { batchId, row: r.row, status: 'pending' }, data: { status: 'filled', pdfBlob: key, error: null } });
        if (done.count === 1) await recordUsage(tx, { ownerId: batch.ownerId, kind: 'standard_fill', subjectId: `${batchId}:${r.row}` });
      });
    }
    await ctx.db.batch.updateMany({ where: { id: batchId, status: 'processing' }, data: { status: 'complete' } });
    const counts = await ctx.db.batchRow.groupBy({ by: ['status'], where: { batchId }, _count: { _all: true } });
    return Object.fromEntries(counts.map((c) => [c.status, c._count._all]));
  },
  async onFailed({ batchId }, error, ctx) {
    const code = error instanceof UnrecoverableJobError ? error.code : 'internal_error';
    const message = error instanceof UnrecoverableJobError ? error.message : 'The batch could not be filled.';
    await ctx.db.batch.updateMany({ where: { id: batchId, status: 'processing' }, data: { status: 'failed', error: { code: 'batch_failed', message, reason: code } } });
  },
});

async function failRow(ctx: AppContext, batchId: string, row: number, error: string): Promise<void> {
  await ctx.db.batchRow.updateMany({ where: { batchId, row, status: 'pending' }, data: { status: 'failed', error: error.slice(0, 2000) } });
}
