// One page-tool request as plain data, and the function that carries it out. The same function
// runs inside the worker threads of tools-pool.ts and, for benchmarks, in-process.
import { build, join, keep, remove, reorder, rotate, type PageSource, type Produced } from './tools.ts';
import { inspectPdf, type PdfInspection } from './inspect.ts';

export type ToolJob =
  | { op: 'build'; sources: PageSource[] }
  | { op: 'join'; documents: Uint8Array[] }
  | { op: 'keep'; bytes: Uint8Array; pages: number[] }
  | { op: 'remove'; bytes: Uint8Array; pages: number[] }
  | { op: 'reorder'; bytes: Uint8Array; order: number[] }
  | { op: 'rotate'; bytes: Uint8Array; pages?: number[]; angle: number }
  | { op: 'inspect'; bytes: Uint8Array };

export type ToolPdf = Produced;

export type ToolOutput<J extends ToolJob> = J extends { op: 'inspect' } ? PdfInspection : ToolPdf;

/** Every input document of a job (what the pool hands to a worker without copying). */
export function jobInputs(job: ToolJob): Uint8Array[] {
  switch (job.op) {
    case 'build':
      return job.sources.map((s) => s.bytes);
    case 'join':
      return job.documents;
    default:
      return [job.bytes];
  }
}

export function runToolJob(job: ToolJob): Promise<ToolPdf | PdfInspection> {
  switch (job.op) {
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
