// Entry point of a worker thread (started by workers/pool.ts): runs one job at a time and answers
// with the result, its PDF bytes transferred rather than copied, or with the error's class, code
// and message so the pool can rethrow the same error in the calling thread. Each reply carries the
// thread's heap in use, so the pool can retire a worker that a large job left holding memory. A
// thread idle for a moment collects its garbage and trims malloc (see collectWhenIdle).
import '../pdf/ref-pool.ts'; // first: pdf-lib's references pooled weakly before any PDF is read
import { parentPort } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { runWorkerJob } from './jobs.ts';
import { ownOutputBytes, type WorkerJob } from './job-types.ts';
import { PageToolError } from '../pdf/tools/errors.ts';
import { ContractBuildError } from '../domain/contract-errors.ts';
import { DomainError } from '../domain/errors.ts';
import { PdfError } from '../pdf/errors.ts';
import { trimMalloc } from '../malloc-trim.ts';

export interface WorkerRequest {
  id: number;
  job: WorkerJob;
}

type ErrorKind = 'page_tool' | 'pdf' | 'contract' | 'domain' | 'other';

export type WorkerReply = { id: number; heapUsed: number } & (
  | { ok: true; result: unknown }
  | { ok: false; error: { kind: ErrorKind; code?: string; message: string; refusal?: string; extra?: Record<string, unknown> } }
);

if (!parentPort) throw new Error('workers/thread.ts runs in a worker thread');
const port = parentPort;

// pdf.js, giving up on a malformed file half way (a page-tree walk that meets a kid that is no
// page), can leave promises of its own rejected with nobody listening. They belong to no job: the
// job's own outcome is answered either way. Without a listener Node would end the thread on them,
// and the job running on it would fail as "stopped unexpectedly" instead of with its own answer.
process.on('unhandledRejection', (reason) => {
  console.warn(`A worker thread ignored a rejection no job was waiting for: ${reason instanceof Error ? reason.message : String(reason)}`);
});

/**
 * An idle thread runs no collection: what its last job left (a large read, a hostile PDF) would
 * stay in its heap for as long as the pool keeps the thread loaded, and what that frees in malloc
 * for as long as nothing trims it. So a thread idle for IDLE_COLLECT_MS collects, then trims.
 * Only where the process exposes the collector (`npm start`: node --expose-gc).
 */
const IDLE_COLLECT_MS = 1000;
let idleCollect: NodeJS.Timeout | undefined;
function collectWhenIdle(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  idleCollect = setTimeout(() => {
    gc();
    void trimMalloc();
  }, IDLE_COLLECT_MS);
  idleCollect.unref();
}

port.on('message', async ({ id, job }: WorkerRequest) => {
  clearTimeout(idleCollect);
  try {
    const result = await runWorkerJob(job);
    // Each array is made the sole view of its ArrayBuffer (copied if it shares one) so it can be transferred.
    const bytes = ownOutputBytes(job.op, result, (b) => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : b.slice()));
    const transfer = [...new Set(bytes.map((b) => b.buffer as ArrayBuffer))];
    port.postMessage({ id, heapUsed: heapUsed(), ok: true, result } satisfies WorkerReply, transfer);
  } catch (err) {
    const e = err as Error & { code?: string };
    const kind: ErrorKind =
      err instanceof PageToolError
        ? 'page_tool'
        : err instanceof ContractBuildError
          ? 'contract'
          : err instanceof DomainError
            ? 'domain'
            : err instanceof PdfError
              ? 'pdf'
              : 'other';
    const domain = err instanceof DomainError ? { refusal: err.refusal, extra: err.extra } : {};
    port.postMessage({ id, heapUsed: heapUsed(), ok: false, error: { kind, code: kind === 'other' ? undefined : e.code, message: e.message ?? String(err), ...domain } } satisfies WorkerReply);
  }
  collectWhenIdle();
});

const heapUsed = () => getHeapStatistics().used_heap_size;
