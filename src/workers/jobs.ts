// Heavy work as plain data, and the function that carries it out: the page tools and building a
// form's contract (field detection included). The same function runs inside the worker threads of
// workers/pool.ts and, for benchmarks, in-process.
import { build, join, keep, remove, reorder, rotate, type PageSource, type Produced } from '../pdf/tools.ts';
import { inspectPdf, type PdfInspection } from '../pdf/inspect.ts';
import { buildContract, type BuiltContract } from '../domain/contracts.ts';

export type ToolJob =
  | { op: 'build'; sources: PageSource[] }
  | { op: 'join'; documents: Uint8Array[] }
  | { op: 'keep'; bytes: Uint8Array; pages: number[] }
  | { op: 'remove'; bytes: Uint8Array; pages: number[] }
  | { op: 'reorder'; bytes: Uint8Array; order: number[] }
  | { op: 'rotate'; bytes: Uint8Array; pages?: number[]; angle: number }
  | { op: 'inspect'; bytes: Uint8Array };

/** PDF bytes → contract (and a fillable PDF when the source had no fields). */
export type ContractJob = { op: 'contract'; bytes: Uint8Array; title: string; pageCount: number };

export type WorkerJob = ToolJob | ContractJob;

export type ToolPdf = Produced;

export type JobOutput<J extends WorkerJob> = J extends { op: 'inspect' } ? PdfInspection : J extends { op: 'contract' } ? BuiltContract : ToolPdf;

/** Every input document of a job (what the pool hands to a worker without copying). */
export function jobInputs(job: WorkerJob): Uint8Array[] {
  switch (job.op) {
    case 'build':
      return job.sources.map((s) => s.bytes);
    case 'join':
      return job.documents;
    default:
      return [job.bytes];
  }
}

/** The PDF bytes a job's result carries (moved back to the caller rather than copied). */
export function outputBytes(result: ToolPdf | PdfInspection | BuiltContract): Uint8Array | undefined {
  if ('pdf' in result) return result.pdf;
  if ('contract' in result) return result.fillablePdf;
  return undefined;
}

export function runWorkerJob(job: WorkerJob): Promise<ToolPdf | PdfInspection | BuiltContract> {
  switch (job.op) {
    case 'contract':
      return buildContract(job.bytes, { title: job.title, pageCount: job.pageCount });
    case 'inspect':
      return inspectPdf(job.bytes);
    case 'build':
      return build(job.sources);
    case 'join':
      return join(job.documents);
    case 'keep':
      return keep(job.bytes, job.pages);
    case 'remove':
      return remove(job.bytes, job.pages);
    case 'reorder':
      return reorder(job.bytes, job.order);
    case 'rotate':
      return rotate(job.bytes, job.pages, job.angle);
  }
}
