// The heavy calls the use cases make, each run in a worker pool with its own time limit instead
// of on the event loop that answers HTTP (workers/jobs.ts says what each one does). Requests use
// the request pool (ctx.tools, shared with the page tools); the batch job and the reading of a
// context fill's documents (OCR and all, which can take minutes) use the engine pool.
// A job that overruns its time or memory is stopped and refused as 422 pdf_too_complex (a
// DomainError, as every door and the job runner expect); a full queue stays a WorkerPoolError
// (503, worth a retry). Inputs are copied: the pool moves what it is given, the caller keeps its own.
import type { AppContext } from '../context.ts';
import type { Contract, ContractField } from '../domain/contracts.ts';
import { DomainError } from '../domain/errors.ts';
import type { UploadedDocument } from '../domain/documents.ts';
import type { SheetBounds } from '../domain/sheet-limits.ts';
import type { WriteOptions } from '../domain/write-form.ts';
import { LIMITS } from '../limits.ts';
import { WorkerPool, WorkerPoolError, type RunOptions } from './pool.ts';
import type { JobOutput, ProposeContextJob, WorkerJob, WriteRowsJob } from './job-types.ts';

type Pools = Pick<AppContext, 'tools' | 'engine' | 'config'>;

/** Runs `job` in `pool`; overrunning time or memory becomes DomainError unprocessable (422). */
export async function runHeavy<J extends WorkerJob>(pool: WorkerPool, job: J, options: RunOptions = {}): Promise<JobOutput<J>> {
  try {
    return await pool.run(job, options);
  } catch (err) {
    if (err instanceof WorkerPoolError && err.status === 422) throw new DomainError('unprocessable', err.code, err.message);
    throw err;
  }
}

const request = (ctx: Pools) => ({ timeoutMs: ctx.config.REQUEST_WORK_TIMEOUT_MS });
const copy = (bytes: Uint8Array) => new Uint8Array(bytes);

/** An uploaded form within the limits: page count, title, fillable (domain/pdf-limits.ts admitPdf). */
export function admitUpload(ctx: Pools, file: UploadedDocument) {
  return runHeavy(ctx.tools, { op: 'admit', bytes: copy(file.bytes), filename: file.filename }, request(ctx));
}

/** Supporting documents within the limits; the pages the free tier's cap counts. */
export async function admitContextUploads(ctx: Pools, files: UploadedDocument[]): Promise<number> {
  if (!files.length) return 0;
  const documents = files.map((f) => ({ filename: f.filename, bytes: copy(f.bytes) }));
  return (await runHeavy(ctx.tools, { op: 'admit-context', documents }, request(ctx))).pages;
}

/** A filled PDF's fields, and against `contract` each contract field's value (workers/job-types.ts ReadJob). */
export function readFilled(ctx: Pools, bytes: Uint8Array, options: { contract?: Contract; bounds: boolean }) {
  return runHeavy(ctx.tools, { op: 'read', bytes: copy(bytes), contract: options.contract, bounds: options.bounds }, request(ctx));
}

/** `values` written into `bytes` (domain/write-form.ts): the filled PDF. */
export async function writeValues(ctx: Pools, bytes: Uint8Array, values: Record<string, string | boolean>, options: WriteOptions = {}): Promise<Uint8Array> {
  return (await runHeavy(ctx.tools, { op: 'write', bytes: copy(bytes), values, options }, request(ctx))).pdf;
}

/** A spreadsheet read within the limits (a batch's rows by default). */
export function readSpreadsheet(ctx: Pools, file: UploadedDocument, bounds: SheetBounds = { maxRows: LIMITS.batchRows }) {
  return runHeavy(ctx.tools, { op: 'sheet', bytes: copy(file.bytes), bounds }, request(ctx));
}

/** A spreadsheet read, and the contract field each column fills. */
export function suggestColumnMapping(ctx: Pools, file: UploadedDocument, fields: ContractField[]) {
  return runHeavy(ctx.tools, { op: 'suggest-mapping', bytes: copy(file.bytes), fields }, request(ctx));
}

/** A chunk of a batch's rows written into its template, in the engine pool (a background job). */
export function writeBatchRows(ctx: Pools, template: Uint8Array, rows: WriteRowsJob['rows']) {
  return runHeavy(ctx.engine, { op: 'write-rows', bytes: copy(template), rows }, { timeoutMs: ctx.config.BATCH_CHUNK_TIMEOUT_MS });
}

/**
 * Supporting documents read and a value proposed per field, in the engine pool under
 * CONTEXT_WORK_TIMEOUT_MS. Documents that overrun its time or memory are refused as
 * context_too_large (422, the job's documented code for documents too much to read).
 */
export async function readAndProposeContext(ctx: Pools, input: Omit<ProposeContextJob, 'op'>) {
  const job: ProposeContextJob = { op: 'propose-context', ...input, formPdf: copy(input.formPdf), documents: input.documents.map((d) => ({ ...d, bytes: copy(d.bytes) })) };
  try {
    return await ctx.engine.run(job, { timeoutMs: ctx.config.CONTEXT_WORK_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof WorkerPoolError && err.code === 'pdf_too_complex') throw new DomainError('unprocessable', 'context_too_large', `The supporting documents could not be read within the limits: ${err.message}`);
    throw err;
  }
}
