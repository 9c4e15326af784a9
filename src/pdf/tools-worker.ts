// Entry point of a page-tool worker thread (started by tools-pool.ts): runs one job at a time and
// answers with the result, its PDF bytes transferred rather than copied, or with the error's
// class, code and message so the pool can rethrow the same error in the HTTP process.
import { parentPort } from 'node:worker_threads';
import { runToolJob, type ToolJob } from './tools-jobs.ts';
import { PageToolError } from './tools/errors.ts';

export interface WorkerRequest {
  id: number;
  job: ToolJob;
}

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { kind: 'page_tool' | 'pdf' | 'other'; code?: string; message: string } };

if (!parentPort) throw new Error('tools-worker.ts runs in a worker thread');
const port = parentPort;

port.on('message', async ({ id, job }: WorkerRequest) => {
  try {
    const result = await runToolJob(job);
    const transfer = 'pdf' in result ? [owned(result, 'pdf')] : [];
    port.postMessage({ id, ok: true, result } satisfies WorkerReply, transfer);
  } catch (err) {
    const e = err as Error & { code?: string };
    // pdf.js (where PdfError lives) is loaded only on this path: it is slow to load and rarely needed.
    const kind = err instanceof PageToolError ? 'page_tool' : err instanceof (await import('./pdfjs.ts')).PdfError ? 'pdf' : 'other';
    port.postMessage({ id, ok: false, error: { kind, code: kind === 'other' ? undefined : e.code, message: e.message ?? String(err) } } satisfies WorkerReply);
  }
});

/** Makes `result[key]` the sole view of its ArrayBuffer (copying if it shares one) and returns that buffer. */
function owned(result: { pdf: Uint8Array }, key: 'pdf'): ArrayBuffer {
  let bytes = result[key];
  if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) bytes = result[key] = bytes.slice();
  return bytes.buffer as ArrayBuffer;
}
