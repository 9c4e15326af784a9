// Memory comes back after large jobs (#17): large fills run in the pool's worker threads; a worker
// whose heap a job left above the pool's threshold is retired at once, an idle one after idleMs,
// and the calling thread's heap ends where it began (the filled PDFs are not kept anywhere).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, expect, test } from 'vitest';
import { Worker } from 'node:worker_threads';
import { WorkerPool } from '../../src/workers/pool.ts';
import type { WorkerReply } from '../../src/workers/thread.ts';
import { fillableFormPdf, rawForm } from '../helpers/pdfs.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const pool = new WorkerPool({ size: 1, memoryMb: 512, recycleHeapMb: 64, idleMs: 300, keepIdle: 0 });
afterAll(() => pool.close());

test('large fills retire their worker, an idle pool holds no worker, and the heap returns to its baseline', async () => {
  // Warm the pool (module loading is not what is measured), then take the baseline.
  const small = rawForm(1, 2, 'warm');
  await pool.run({ op: 'write', bytes: small, values: { warm_0_0: 'x' }, options: {} });
  const baseline = heapAfterGc();

  // A 40-page form of 1,600 fields, every field written with long text, four times over.
  const big = rawForm(40, 40, 'big');
  const values: Record<string, string> = {};
  for (let p = 0; p < 40; p++) for (let f = 0; f < 40; f++) values[`big_${p}_${f}`] = `page ${p} field ${f} `.repeat(40);
  for (let i = 0; i < 4; i++) {
    const { pdf } = await pool.run({ op: 'write', bytes: new Uint8Array(big), values, options: { flatten: i % 2 === 1 } });
    expect(pdf.length).toBeGreaterThan(big.length); // really filled
  }
  // The large fills left their worker's heap above 64 MB: the worker was retired, not reused.
  expect(pool.retired.heap).toBeGreaterThanOrEqual(1);

  // Idle, the pool lets its last worker go.
  await new Promise((r) => setTimeout(r, 1000));
  expect(pool.load).toEqual({ running: 0, queued: 0, workers: 0 });

  // Nothing of the jobs stays on the calling thread (generous: 20 MB over the baseline).
  expect(heapAfterGc() - baseline).toBeLessThan(20 * 1024 * 1024);
}, 240_000);

test('a pool back at rest (its idle workers exited, none busy) says so once, so the process can collect what the work left', async () => {
  const rests: { running: number; workers: number }[] = [];
  const own: WorkerPool = new WorkerPool({ size: 2, memoryMb: 512, idleMs: 200, keepIdle: 0, onRest: () => rests.push(own.load) });
  try {
    const small = () => rawForm(1, 2, 'rest');
    await Promise.all([1, 2].map(() => own.run({ op: 'write', bytes: small(), values: { rest_0_0: 'x' }, options: {} })));
    expect(rests).toEqual([]); // busy, then idle but not yet retired
    await new Promise((r) => setTimeout(r, 1500));
    // Two workers exited; the pool said it rests once, when the last one had gone.
    expect(own.retired.idle).toBe(2);
    expect(rests).toEqual([{ running: 0, queued: 0, workers: 0 }]);
  } finally {
    await own.close();
  }
  // A pool that keeps its one worker loaded never retires it, so it never reports a rest.
  const kept: string[] = [];
  const warm = new WorkerPool({ size: 1, memoryMb: 512, idleMs: 200, keepIdle: 1, onRest: () => kept.push('rest') });
  try {
    await warm.run({ op: 'write', bytes: rawForm(1, 2, 'rest'), values: { rest_0_0: 'x' }, options: {} });
    await new Promise((r) => setTimeout(r, 800));
    expect(kept).toEqual([]);
  } finally {
    await warm.close();
  }
}, 60_000);

test('a pool whose last job was killed for overrunning its time is back at rest too (a hostile burst often ends so)', async () => {
  const rests: number[] = [];
  const own: WorkerPool = new WorkerPool({ size: 1, memoryMb: 512, timeoutMs: 50, idleMs: 60_000, keepIdle: 0, onRest: () => rests.push(own.load.workers) });
  try {
    const big = rawForm(40, 40, 'slow');
    const values: Record<string, string> = {};
    for (let p = 0; p < 40; p++) for (let f = 0; f < 40; f++) values[`slow_${p}_${f}`] = 'x'.repeat(200);
    await expect(own.run({ op: 'write', bytes: big, values, options: {} })).rejects.toMatchObject({ code: 'pdf_too_complex' });
    await new Promise((r) => setTimeout(r, 500));
    // No idle timer was due (60 s): the rest came from the killed worker's exit.
    expect(rests).toEqual([0]);
  } finally {
    await own.close();
  }
}, 60_000);

test('a worker that has read a PDF with pdf.js holds under 100 MB of heap (no decoded source maps)', async () => {
  // With source maps on, the first stack formatted through pdf.js decodes its map: ~55 MB more.
  const worker = new Worker(new URL('../../src/workers/thread-entry.mjs', import.meta.url));
  try {
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      void fillableFormPdf().then((bytes) => worker.postMessage({ id: 1, job: { op: 'inspect', bytes } }));
    });
    expect(reply.ok).toBe(true);
    expect(reply.heapUsed).toBeLessThan(100 * 1024 * 1024);
  } finally {
    await worker.terminate();
  }
}, 60_000);

test('a worker thread of the pool costs the process under 200 MB once loaded (compiled code, no tsx loader thread)', async () => {
  // Started through tsx, each worker had a loader thread of its own holding every transformed
  // module: about 315 MB per worker after this job, against about 125 MB from compiled files.
  const own = new WorkerPool({ size: 1, memoryMb: 512 });
  try {
    const before = process.memoryUsage().rss;
    const bytes = await fillableFormPdf();
    await own.run({ op: 'inspect', bytes });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  } finally {
    await own.close();
  }
}, 60_000);

test('a worker thread idle a moment collects what its last job left (a pool keeps one loaded for as long as it runs)', async () => {
  const worker = new Worker(new URL('../../src/workers/thread-entry.mjs', import.meta.url));
  let next = 0;
  /** Runs a fill in the thread; the heap in use its reply reports. */
  const fill = (form: string, pages: number, long: boolean) =>
    new Promise<number>((resolve, reject) => {
      const values: Record<string, string> = {};
      for (let p = 0; p < pages; p++) for (let f = 0; f < 40; f++) values[`${form}_${p}_${f}`] = long ? `page ${p} field ${f} `.repeat(40) : 'x';
      const id = ++next;
      worker.on('message', function reply(r: WorkerReply) {
        if (r.id !== id) return;
        worker.off('message', reply);
        if (r.ok) resolve(r.heapUsed);
        else reject(new Error(r.error.message));
      });
      worker.postMessage({ id, job: { op: 'write', bytes: rawForm(pages, 40, form), values, options: {} } });
    });
  try {
    // Long values over 1,600 fields: the fills' strings and streams are garbage once they are done.
    await fill('big', 40, true);
    await fill('big', 40, true);
    const busy = await fill('small', 1, false); // straight after: nothing has collected it
    await new Promise((r) => setTimeout(r, 2500));
    const rested = await fill('small', 1, false);
    // Measured: about 120 MB → 70 MB with the idle collection, 105 MB → 105 MB without.
    expect(busy - rested).toBeGreaterThan(25 * 1024 * 1024);
  } finally {
    await worker.terminate();
  }
}, 120_000);
