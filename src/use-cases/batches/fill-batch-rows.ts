// The batch job's work (§3.2): fills one PDF per pending row of a batch. Rows are sent in chunks to
// the engine's worker threads (workers/offload.ts), never filled on the event loop; each worker
// parses the form once and returns each row's incremental update. A row's blob is that update
// alone (its delta; the row's PDF is the batch's template followed by it, store/batches.ts), so
// storing a row costs its few kilobytes, not the whole form. A row whose values the form refuses
// is marked failed with the reason; the others go on. Per-row state is in BatchRow, so a retry or
// a restarted process skips filled rows; a filled row is billed and counted in the statement that
// marks it (store/usage.ts, markBatchRowsFilledAndBill), so no row bills twice. Rows are marked in
// groups (one round trip per ~50 rows): per-row transactions held a 1000-row batch to ~40 rows/s.
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { ContractField } from '../../domain/contracts.ts';
import { fillerValue, normaliseValue } from '../../domain/field-values.ts';
import { batchRowBlob, batchRowBlobName, markBatchRowsFailed } from '../../store/batches.ts';
import { contractOf } from '../../store/forms.ts';
import { markBatchRowsFilledAndBill } from '../../store/usage.ts';
import { writeBatchRows } from '../../workers/offload.ts';
import type { RowWritten, WriteRowsJob } from '../../workers/job-types.ts';
import type { FailureReason } from '../forms/process-form.ts';

/** The filler's values for one row, or the reason the row cannot be filled. */
function rowValues(fields: Map<string, ContractField>, values: Record<string, string>): { byName: Record<string, string | boolean> } | { error: string } {
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

/** `checkpoint` (a job's, jobs/cancel.ts) runs before each chunk: a canceled batch stops between chunks. */
export async function fillBatchRows(ctx: AppContext, batchId: string, checkpoint?: () => Promise<void>) {
  const batch = await ctx.db.batch.findUnique({ where: { id: batchId } });
  if (!batch || batch.status !== 'processing') return { skipped: true };
  const form = await ctx.db.form.findUnique({ where: { id: batch.formId } });
  if (!form || !form.fillableBlob || form.documentsDeletedAt) throw new DomainError('gone', 'documents_deleted', 'The form or its fillable PDF no longer exists.');
  // A batch accepted before rows were deltas has no template yet: its form's fillable becomes it.
  const templateBlob = batch.templateBlob ?? form.fillableBlob;
  if (!batch.templateBlob) await ctx.db.batch.update({ where: { id: batchId }, data: { templateBlob } });
  const contract = contractOf(form);
  const fields = new Map(contract.fields.map((f) => [String(f.id), f]));
  const template = await ctx.blobs.get(templateBlob);

  const pending = await ctx.db.batchRow.findMany({ where: { batchId, status: 'pending' }, orderBy: { row: 'asc' }, select: { row: true, values: true } });
  const marks = new RowMarks(ctx, batch.ownerId, batchId);
  // Every engine worker busy and one more chunk waiting, so no worker idles while a finished
  // chunk's rows are stored. Chunks are stored as they finish, not in order: a worker still
  // loading (a cold thread takes seconds) must not hold back the chunks the others finish
  // meanwhile. A few writes in flight keep the blob store busy.
  const running = new Map<number, Promise<[number, { rows: RowWritten[] }]>>();
  let chunkId = 0;
  const writes = new Set<Promise<void>>();
  const store = async (done: { rows: RowWritten[] }) => {
    for (const r of done.rows) {
      marks.throwIfFailed();
      if ('error' in r) {
        marks.failed(r.row, r.error);
        continue;
      }
      // Same key on a retry: overwritten, never duplicated. The row is marked only after this.
      const w: Promise<void> = ctx.blobs.put(batchRowBlob(batch.ownerId, batchId, r.row), r.update).then(
        () => marks.filled(r.row),
        (err) => marks.fail(err),
      );
      writes.add(w);
      void w.finally(() => writes.delete(w));
      if (writes.size >= WRITES_IN_FLIGHT) await Promise.race(writes);
    }
  };
  /** Stores the chunk that finishes first; a chunk that failed fails the job (a retry resumes). */
  const storeFirstDone = async () => {
    const [id, done] = await Promise.race(running.values());
    running.delete(id);
    await store(done);
  };
  try {
    let chunk: WriteRowsJob['rows'] = [];
    const send = async () => {
      await checkpoint?.();
      if (chunk.length) {
        const id = chunkId++;
        const written = writeBatchRows(ctx, template, chunk).then((done): [number, { rows: RowWritten[] }] => [id, done]);
        written.catch(() => undefined); // awaited below; a failure before then must not go unhandled
        running.set(id, written);
      }
      chunk = [];
      if (running.size > ctx.engine.size) await storeFirstDone();
    };
    for (const r of pending) {
      marks.throwIfFailed();
      const values = rowValues(fields, r.values as Record<string, string>);
      if ('error' in values) marks.failed(r.row, values.error);
      else chunk.push({ row: r.row, values: values.byName });
      if (chunk.length >= CHUNK_ROWS) await send();
    }
    await send();
    while (running.size) await storeFirstDone();
  } finally {
    await Promise.all(writes);
    await marks.close();
  }
  await ctx.db.batch.updateMany({ where: { id: batchId, status: 'processing' }, data: { status: 'complete' } });
  const counts = await ctx.db.batch.findUniqueOrThrow({ where: { id: batchId }, select: { filled: true, failed: true, total: true } });
  return { filled: counts.filled, failed: counts.failed, pending: counts.total - counts.filled - counts.failed };
}

/** A batch whose job failed for good: failed with the reason; rows filled so far stay filled and billed. */
export async function failBatch(ctx: AppContext, batchId: string, reason: FailureReason | undefined): Promise<void> {
  const error = { code: 'batch_failed', message: reason?.message ?? 'The batch could not be filled.', reason: reason?.code ?? 'internal_error' };
  await ctx.db.batch.updateMany({ where: { id: batchId, status: 'processing' }, data: { status: 'failed', error } });
}

const WRITES_IN_FLIGHT = 4;
/** Rows per worker call: large enough that sending the template costs little, small enough to stream. */
const CHUNK_ROWS = 25;
/** Rows per marking transaction, and the longest a finished row waits to be marked. */
const MARK_ROWS = 50;
const MARK_MS = 250;

/**
 * Row outcomes, written in batches: one transaction marks up to MARK_ROWS rows, billing the filled
 * ones as it moves them (markBatchRowsFilledAndBill). One transaction at a time, in order; a failed
 * one fails the job (a retry resumes).
 */
class RowMarks {
  private filledRows: number[] = [];
  private failedRows: { row: number; error: string }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private error: unknown;

  constructor(
    private readonly ctx: AppContext,
    private readonly ownerId: string,
    private readonly batchId: string,
  ) {}

  filled(row: number): void {
    this.filledRows.push(row);
    this.schedule();
  }

  failed(row: number, error: string): void {
    this.failedRows.push({ row, error: error.slice(0, 2000) });
    this.schedule();
  }

  /** A write that failed: nothing more is marked, and the job fails with this error. */
  fail(err: unknown): void {
    this.error ??= err;
  }

  throwIfFailed(): void {
    if (this.error) throw this.error;
  }

  async close(): Promise<void> {
    this.flush();
    await this.chain;
    this.throwIfFailed();
  }

  private schedule(): void {
    if (this.filledRows.length + this.failedRows.length >= MARK_ROWS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), MARK_MS);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.error || (!this.filledRows.length && !this.failedRows.length)) return;
    const filled = this.filledRows;
    const failed = this.failedRows;
    this.filledRows = [];
    this.failedRows = [];
    this.chain = this.chain.then(() => (this.error ? undefined : this.write(filled, failed))).catch((err) => this.fail(err));
  }

  private async write(filled: number[], failed: { row: number; error: string }[]): Promise<void> {
    const { batchId, ownerId } = this;
    const db = this.ctx.db;
    const statements = [];
    if (filled.length) statements.push(markBatchRowsFilledAndBill(db, { ownerId, batchId, rows: filled, rowBlob: batchRowBlobName(ownerId, batchId) }));
    if (failed.length) statements.push(markBatchRowsFailed(db, batchId, failed));
    await db.$transaction(statements);
  }
}
