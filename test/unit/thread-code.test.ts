// Worker threads start from compiled JavaScript (src/workers/thread-code.ts), not through tsx.
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { compiledThreadEntry } from '../../src/workers/thread-code.ts';
import type { WorkerReply } from '../../src/workers/thread.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';

test('a thread started from the compiled entry runs a job, without a tsx loader', async () => {
  const entry = compiledThreadEntry();
  expect(entry).not.toBeNull();
  expect(fileURLToPath(entry!)).toMatch(/\.compiled\/threads\/[0-9a-f]{16}\/src\/workers\/thread\.js$/);
  expect(compiledThreadEntry()).toBe(entry); // compiled once per process
  // The esbuild process the compiling used (~80 MB) does not stay running (it is left a zombie:
  // the helper thread that started it, and would have reaped it, is gone).
  await new Promise((r) => setTimeout(r, 500));
  expect(runningChildren().filter((name) => name === 'esbuild')).toEqual([]);
  const worker = new Worker(entry!);
  try {
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      void fillableFormPdf().then((bytes) => worker.postMessage({ id: 1, job: { op: 'inspect', bytes } }));
    });
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
  } finally {
    await worker.terminate();
  }
}, 60_000);

/** The names of this process's child processes still running, not exited (Linux /proc). */
function runningChildren(): string[] {
  const names: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const [, name, state, parent] = /^\d+ \((.*)\) (\S) (\d+)/s.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))!;
      if (Number(parent) === process.pid && state !== 'Z') names.push(name);
    } catch {
      // a process that ended meanwhile
    }
  }
  return names;
}
