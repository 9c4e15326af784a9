// Worker threads start from compiled JavaScript (src/workers/thread-code.ts), not through tsx.
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { compiledThreadEntry, withJsImports } from '../../src/workers/thread-code.ts';
import type { WorkerReply } from '../../src/workers/thread.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';

test('relative imports of .ts sources name the compiled .js files; packages and other strings are left alone', () => {
  const code = [
    'import { a } from "./a.ts";',
    'export * from "../b/c.ts";',
    'import "./side.ts";',
    'const m = await import("../pdf/pdfjs.ts");',
    "import x from 'pdfjs-dist/legacy/build/pdf.mjs';",
    'const s = "./not-an-import.ts";',
  ].join('\n');
  expect(withJsImports(code).split('\n')).toEqual([
    'import { a } from "./a.js";',
    'export * from "../b/c.js";',
    'import "./side.js";',
    'const m = await import("../pdf/pdfjs.js");',
    "import x from 'pdfjs-dist/legacy/build/pdf.mjs';",
    'const s = "./not-an-import.ts";',
  ]);
});

test('a thread started from the compiled entry runs a job, without a tsx loader', async () => {
  const entry = compiledThreadEntry();
  expect(entry).not.toBeNull();
  expect(fileURLToPath(entry!)).toMatch(/src\/generated\/threads\/[0-9a-f]{16}\/workers\/thread\.js$/);
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
