// Memory comes back after large jobs (#17): large fills run in the pool's worker threads; a worker
// whose heap a job left above the pool's threshold is retired at once, an idle one after idleMs,
// and the calling thread's heap ends where it began (the filled PDFs are not kept anywhere).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, expect, test } from 'vitest';
import { WorkerPool } from '../../src/workers/pool.ts';
import { rawForm } from '../helpers/pdfs.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const pool = new WorkerPool({ size: 1, memoryMb: 512, recycleHeapMb: 96, idleMs: 300, keepIdle: 0 });
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
  // Each large fill left its worker's heap above 96 MB: the worker was retired, not reused.
  expect(pool.retired.heap).toBeGreaterThanOrEqual(1);

  // Idle, the pool lets its last worker go.
  await new Promise((r) => setTimeout(r, 1000));
  expect(pool.load).toEqual({ running: 0, queued: 0, workers: 0 });

  // Nothing of the jobs stays on the calling thread (generous: 20 MB over the baseline).
  expect(heapAfterGc() - baseline).toBeLessThan(20 * 1024 * 1024);
}, 240_000);
