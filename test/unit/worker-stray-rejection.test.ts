// Bad input never hurts (#17): pdf.js can leave a promise of its own rejected with nobody
// listening on a malformed page tree (found by `npm run fuzz`). In a worker thread that must not
// end the thread: the job answers with its own outcome, and the thread goes on serving.
import { afterAll, expect, test } from 'vitest';
import { WorkerPool } from '../../src/workers/pool.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';
import { formStrayKidPdf } from '../helpers/hostile-inputs.ts';

const pool = new WorkerPool({ size: 1, memoryMb: 512, keepIdle: 1 });
afterAll(() => pool.close());

test('a PDF on which pdf.js leaves a stray rejected promise gets its own answer, and the same thread reads the next PDF', async () => {
  const outcome = await pool.run({ op: 'read', bytes: await formStrayKidPdf(), bounds: true }).then(
    (result) => ({ ok: true as const, result }),
    (err: Error & { code?: string }) => ({ ok: false as const, code: err.code, message: err.message }),
  );
  // The thread was not ended under the job: no "stopped unexpectedly" / tool_failed.
  expect(outcome).not.toMatchObject({ code: 'tool_failed' });
  // Its first page's fields are still read (the tree is broken only past them).
  if (outcome.ok) expect(JSON.stringify(outcome.result)).toContain('name');
  const next = (await pool.run({ op: 'read', bytes: await fillableFormPdf(), bounds: true })) as unknown;
  expect(JSON.stringify(next)).toContain('name');
  expect(pool.load.workers).toBe(1);
}, 120_000);
