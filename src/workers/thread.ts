// Entry point of a worker thread (started by workers/pool.ts): runs one job at a time and answers
// with the result, its PDF bytes transferred rather than copied, or with the error's class, code
// and message so the pool can rethrow the same error in the calling thread.
import { parentPort } from 'node:worker_threads';
import { outputBytes, runWorkerJob, type WorkerJob } from './jobs.ts';
import { PageToolError } from '../pdf/tools/errors.ts';
import { ContractBuildError } from '../domain/contracts.ts';

export interface WorkerRequest {
  id: number;
  job: WorkerJob;
}

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { kind: 'page_tool' | 'pdf' | 'contract' | 'other'; code?: string; message: string } };

if (!parentPort) throw new Error('workers/thread.ts runs in a worker thread');
const port = parentPort;

port.on('message', async ({ id, job }: WorkerRequest) => {
  try {
    const result = ownOutput(await runWorkerJob(job));
    const bytes = outputBytes(result);
    port.postMessage({ id, ok: true, result } satisfies WorkerReply, bytes ? [bytes.buffer as ArrayBuffer] : []);
  } catch (err) {
    const e = err as Error & { code?: string };
    // pdf.js (where PdfError lives) is loaded only on this path: it is slow to load and rarely needed.
    const kind =
      err instanceof PageToolError ? 'page_tool' : err instanceof ContractBuildError ? 'contract' : err instanceof (await import('../pdf/pdfjs.ts')).PdfError ? 'pdf' : 'other';
    port.postMessage({ id, ok: false, error: { kind, code: kind === 'other' ? undefined : e.code, message: e.message ?? String(err) } } satisfies WorkerReply);
  }
});

/** Makes the result's PDF bytes the sole view of their ArrayBuffer (copying if they share one), so it can be transferred. */
function ownOutput<R extends Awaited<ReturnType<typeof runWorkerJob>>>(result: R): R {
  const own = (b: Uint8Array) => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : b.slice());
  if ('pdf' in result) result.pdf = own(result.pdf);
  else if ('contract' in result && result.fillablePdf) result.fillablePdf = own(result.fillablePdf);
  return result;
}
