// A small pool of worker threads for heavy work (workers/jobs.ts: opening, reading, filling and
// writing PDFs, detection, page tools, spreadsheets), so none of it blocks the HTTP event loop.
// Each worker runs one job at a time; at most `maxQueued` more wait in order.
// Input buffers are transferred to the worker (not copied), and so is the result. A worker that
// dies (out of memory on a hostile file, or over the time limit) fails only its own job and is
// replaced on the next one. Memory comes back after large jobs: a worker whose heap is left above
// `recycleHeapMb` after a job is retired, and an idle worker beyond `keepIdle` exits after `idleMs`.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { jobNoun, ownJobInputs, type WorkerJob, type JobOutput } from './job-types.ts';
import type { WorkerReply } from './thread.ts';
import { compiledThreadEntry } from './thread-code.ts';
import { PageToolError } from '../pdf/tools/errors.ts';
import { PdfError, type PdfErrorCode } from '../pdf/errors.ts';
import { ContractBuildError } from '../domain/contract-errors.ts';
import { DomainError, type Refusal } from '../domain/errors.ts';

/** The pool could not run a job: full queue (503), or the worker died or ran out of time (422). */
export class WorkerPoolError extends Error {
  constructor(
    readonly status: 422 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface WorkerPoolOptions {
  /** Worker threads (default min(2, availableParallelism())). */
  size?: number;
  /** Jobs waiting beyond the running ones before new ones are refused. */
  maxQueued?: number;
  /** Heap limit of each worker: a file that needs more fails alone instead of taking the process. */
  memoryMb?: number;
  /** A job running longer is stopped (its worker is terminated and replaced). */
  timeoutMs?: number;
  /** What the pool's work is called in error messages (default "page tool"). */
  noun?: string;
  /** Error code when the queue is full (default tools_busy). */
  busyCode?: string;
  /**
   * A worker whose V8 heap is still above this after a job is retired, its memory returned, before
   * it nears its limit (default half the limit, at least 256 MB).
   */
  recycleHeapMb?: number;
  /** An idle worker beyond the first `keepIdle` exits after this long (default 60 s). */
  idleMs?: number;
  /** Idle workers kept loaded (default 1): a new worker takes seconds to load its modules. */
  keepIdle?: number;
  /** Called when a worker has exited (idle, retired or killed) and the pool is back to its `keepIdle` workers, none busy. */
  onRest?: () => void;
}

export interface RunOptions {
  /** This call's time limit, when shorter or longer than the pool's. */
  timeoutMs?: number;
}

interface Task {
  job: WorkerJob;
  timeoutMs: number;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

interface Slot {
  worker: Worker;
  task?: Task & { id: number; timer?: NodeJS.Timeout };
  idle?: NodeJS.Timeout;
}

// Threads start from the worker's compiled JavaScript (thread-code.ts); failing that, from an entry
// that registers tsx in the thread first (thread-entry.mjs).
const TSX_ENTRY = new URL('./thread-entry.mjs', import.meta.url);

export class WorkerPool {
  readonly size: number;
  private readonly maxQueued: number;
  private readonly memoryMb: number;
  private readonly timeoutMs: number;
  private readonly noun: string;
  private readonly busyCode: string;
  private readonly recycleHeapBytes: number;
  private readonly idleMs: number;
  private readonly onRest?: () => void;
  private readonly keepIdle: number;
  /** onRest was called and no job has run since. */
  private resting = false;
  /** Workers retired after a job left their heap large, or after idling (for tests and metrics). */
  readonly retired = { heap: 0, idle: 0 };
  private readonly slots: (Slot | undefined)[];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    this.size = options.size ?? Math.min(2, availableParallelism());
    this.maxQueued = options.maxQueued ?? 32;
    this.memoryMb = options.memoryMb ?? 1024;
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.noun = options.noun ?? 'page tool';
    this.busyCode = options.busyCode ?? 'tools_busy';
    this.recycleHeapBytes = (options.recycleHeapMb ?? Math.max(256, this.memoryMb / 2)) * 1024 * 1024;
    this.idleMs = options.idleMs ?? 60_000;
    this.keepIdle = options.keepIdle ?? 1;
    this.onRest = options.onRest;
    this.slots = new Array(this.size).fill(undefined);
  }

  /** Runs a job in a worker. The job's input buffers are transferred: do not use them afterwards. */
  run<J extends WorkerJob>(job: J, options: RunOptions = {}): Promise<JobOutput<J>> {
    if (this.closed) return Promise.reject(new WorkerPoolError(503, 'shutting_down', 'The service is shutting down.'));
    const busy = this.slots.filter((s) => s?.task).length;
    if (busy === this.size && this.queue.length >= this.maxQueued) {
      return Promise.reject(new WorkerPoolError(503, this.busyCode, `Too many ${this.noun} requests are waiting; try again shortly.`));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ job, timeoutMs: options.timeoutMs ?? this.timeoutMs, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Starts a worker ahead of the first job (a server at start), so no request waits for it to load. */
  warm(): void {
    if (!this.closed && !this.slots.some(Boolean)) this.slots[0] = this.spawn(0);
  }

  /** Jobs running and waiting (for tests and metrics). */
  get load(): { running: number; queued: number; workers: number } {
    return { running: this.slots.filter((s) => s?.task).length, queued: this.queue.length, workers: this.slots.filter(Boolean).length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new WorkerPoolError(503, 'shutting_down', 'The service is shutting down.'));
    await Promise.all(
      this.slots.map(async (slot, i) => {
        if (!slot) return;
        this.slots[i] = undefined;
        clearTimeout(slot.idle);
        slot.task?.reject(new WorkerPoolError(503, 'shutting_down', 'The service is shutting down.'));
        await slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length) {
      let i = this.slots.findIndex((s) => s && !s.task);
      if (i < 0) i = this.slots.findIndex((s) => !s);
      if (i < 0) return;
      const slot = this.slots[i] ?? (this.slots[i] = this.spawn(i));
      const task = this.queue.shift()!;
      const id = this.nextId++;
      slot.task = { ...task, id };
      this.resting = false;
      clearTimeout(slot.idle);
      slot.worker.ref();
      slot.task.timer = setTimeout(() => this.fail(i, slot, new WorkerPoolError(422, 'pdf_too_complex', `The document took too long to process (over ${Math.round(task.timeoutMs / 1000)} s).`)), task.timeoutMs);
      try {
        slot.worker.postMessage({ id, job: task.job }, transferable(task.job));
      } catch (err) {
        clearTimeout(slot.task.timer);
        slot.task = undefined;
        task.reject(err as Error);
      }
    }
  }

  private spawn(i: number): Slot {
    const worker = new Worker(compiledThreadEntry() ?? TSX_ENTRY, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: this.memoryMb } });
    const slot: Slot = { worker };
    worker.unref(); // an idle pool never keeps the process alive (a busy worker is ref'd)
    worker.on('message', (reply: WorkerReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      clearTimeout(task.timer);
      slot.task = undefined;
      worker.unref();
      if (reply.ok) task.resolve(reply.result);
      else task.reject(rebuild(reply.error));
      if (reply.heapUsed > this.recycleHeapBytes) this.retire(i, slot, 'heap');
      else slot.idle = setTimeout(() => this.retire(i, slot, 'idle'), this.idleMs).unref();
      this.dispatch();
    });
    const noun = () => (slot.task ? jobNoun(slot.task.job.op) : this.noun);
    worker.on('error', (err: Error & { code?: string }) => {
      const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.fail(i, slot, oom ? new WorkerPoolError(422, 'pdf_too_complex', `The document needs more memory than the ${noun()} may use.`) : new WorkerPoolError(422, 'tool_failed', `The ${noun()} failed on this document (${err.message}).`));
    });
    worker.on('exit', (code) => {
      this.fail(i, slot, new WorkerPoolError(422, 'tool_failed', `The ${noun()} stopped unexpectedly (exit code ${code}).`));
    });
    return slot;
  }

  /** Drops an idle worker (its heap goes with it); the next job starts a new one. */
  private retire(i: number, slot: Slot, why: 'heap' | 'idle'): void {
    if (slot.task || this.slots[i] !== slot) return;
    if (why === 'idle' && this.slots.filter((s) => s && !s.task).length <= this.keepIdle) return;
    this.retired[why]++;
    void this.fail(i, slot, new WorkerPoolError(503, 'shutting_down', 'The worker was retired.'));
  }

  /** Ends a worker's current job with `err` and drops the worker; the next job starts a new one. Resolves once the thread has exited. */
  private fail(i: number, slot: Slot, err: Error): Promise<void> {
    if (this.slots[i] === slot) this.slots[i] = undefined;
    clearTimeout(slot.idle);
    const task = slot.task;
    slot.task = undefined;
    if (task) {
      clearTimeout(task.timer);
      task.reject(err);
    }
    const exited = slot.worker.terminate().then(
      () => undefined,
      () => undefined,
    );
    if (!this.closed) this.dispatch();
    // Whichever way the worker went (idle, its heap, a kill for overrunning, a crash), the pool
    // may now be back at rest: the last job of a hostile burst often ends in a kill.
    if (this.onRest) void exited.then(() => this.restIfQuiet());
    return exited;
  }

  /** Calls onRest once per quiet spell: workers that exit together (idle timers due at once) are one rest. */
  private restIfQuiet(): void {
    const { running, queued, workers } = this.load;
    if (this.closed || this.resting || running || queued || workers > this.keepIdle) return;
    this.resting = true;
    this.onRest!();
  }
}

/** Errors come back as data: rebuild the classes the HTTP layer maps to 400s. */
function rebuild(e: Extract<WorkerReply, { ok: false }>['error']): Error {
  if (e.kind === 'page_tool') return new PageToolError(e.code ?? 'invalid_request', e.message);
  if (e.kind === 'pdf') return new PdfError(e.code as PdfErrorCode, e.message);
  if (e.kind === 'contract') return new ContractBuildError(e.code ?? 'unreadable_pdf', e.message);
  if (e.kind === 'domain') return new DomainError(e.refusal as Refusal, e.code ?? 'invalid', e.message, e.extra ?? {});
  return new Error(e.message);
}

/**
 * The ArrayBuffers to move into the worker. A view that does not span its whole buffer (a slice
 * of Node's shared Buffer pool, say) is first copied, so transferring never detaches memory that
 * other objects use. The same buffer is listed once.
 */
function transferable(job: WorkerJob): ArrayBuffer[] {
  const own = (bytes: Uint8Array): Uint8Array => {
    if (bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
    return bytes.slice();
  };
  return [...new Set(ownJobInputs(job, own).map((b) => b.buffer as ArrayBuffer))];
}
