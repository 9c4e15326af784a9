// A PDF's contract, and a fillable copy when it had no fields, built in the engine's worker
// threads (detection and OCR never run on the event loop that answers HTTP, and are stopped when
// they overrun their time or memory). The form job and the pay door's routes all build here.
import type { AppContext } from '../../context.ts';
import type { BuiltContract } from '../../domain/contracts.ts';
import { ContractBuildError } from '../../domain/contract-errors.ts';
import { DomainError } from '../../domain/errors.ts';
import { WorkerPoolError } from '../../workers/pool.ts';

/**
 * Refusals are DomainErrors that retrying cannot change: nothing to fill (no_fields_detected,
 * unprocessable), a PDF the readers refuse (invalid, with the reader's code), a document that
 * overran the engine's time or memory (pdf_too_complex, unprocessable). A full engine queue
 * stays a WorkerPoolError: worth a retry. The bytes are copied (the pool moves what it is given
 * to the worker, and the caller keeps its own).
 */
export async function makeFillable(ctx: AppContext, input: { bytes: Uint8Array; title: string; pageCount: number }): Promise<BuiltContract> {
  let built: BuiltContract;
  try {
    built = await ctx.engine.run({ op: 'contract', bytes: new Uint8Array(input.bytes), title: input.title, pageCount: input.pageCount });
  } catch (err) {
    if (err instanceof ContractBuildError) throw new DomainError(err.code === 'no_fields_detected' ? 'unprocessable' : 'invalid', err.code, err.message);
    if (err instanceof WorkerPoolError && err.status === 422) throw new DomainError('unprocessable', err.code, err.message);
    throw err;
  }
  // A page whose OCR failed still gave a contract (its fields without captions): worth a line for
  // whoever looks into a poorly labelled form. The warnings name pages and engines, never content.
  if (built.warnings?.length) ctx.log.warn({ pages: input.pageCount, warnings: built.warnings }, 'contract built with warnings');
  return built;
}
