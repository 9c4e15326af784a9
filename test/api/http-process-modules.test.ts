// Issues #17, #22: pdf.js is loaded by the worker threads that read PDFs, never by the HTTP process.
// Loaded through tsx it held about 90 MiB of the HTTP process's heap (its transformed source and
// source map kept for the life of the process) and 100–150 MiB of its RSS. The service runs here
// as `npm start` runs it (src/start.mjs: compiled JavaScript, no tsx) in a child process whose main
// thread records every module it loads (helpers/record-modules.mjs); after start, a form uploaded
// and made ready, and a filled copy read against it, no pdfjs-dist module is among them (nor
// pdf-lib or ExcelJS, which the threads also use), no tsx, and none of the SDKs of services the
// embedded defaults leave off (payments, fax, S3, Redis), which cost ~150 MiB loaded eagerly.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { dropTestEnv, eventually, testEnv } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { alive, freePort, killAll, launchNpmStart, stop } from '../helpers/child-processes.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';

const RECORDER = resolve(import.meta.dirname, '../helpers/record-modules.mjs');

let env: Record<string, string> | undefined;

afterAll(async () => {
  await killAll();
  if (env) await dropTestEnv(env);
}, 30_000);

test('the HTTP process, started as npm start starts it, serves a form upload and a read without loading pdf.js, tsx or the SDKs of services left off', async () => {
  // `npm start` on the embedded defaults, whatever the suite runs on: the one process that serves
  // HTTP and runs the jobs (in its threads), and prints its first account's key.
  env = await testEnv({ BOOTSTRAP_ACCOUNT: 'true', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_IP_PER_MINUTE: '100000' }, { embedded: true });
  const modules = join(env.DATA_DIR, 'modules.txt');
  const port = await freePort();
  const child = launchNpmStart({ ...env, PORT: String(port), NODE_OPTIONS: `--import ${RECORDER}`, RECORD_MODULES_TO: modules });
  const base = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    alive(child);
    return (await fetch(`${base}/health`).then((r) => r.ok, () => false)) || undefined;
  }, 150_000, 'the service listening');
  const key = /\b(sk_live_\S+)/.exec(child.output())?.[1];
  expect(key, child.output()).toBeTruthy();
  const api = client(base, key);

  const pdf = await fillableFormPdf();
  const created = await api.upload('/forms', { file: { bytes: pdf } });
  expect(created.status).toBe(202);
  await eventually(async () => {
    alive(child);
    const f = await api.get(`/forms/${created.body.form_id}`);
    if (f.body.status === 'failed') throw new Error(JSON.stringify(f.body));
    return f.body.status === 'ready' || undefined;
  }, 90_000, 'the form ready');
  const read = await api.upload('/read', { file: { bytes: pdf }, form_id: created.body.form_id });
  expect(read.status).toBe(200);

  const loaded = (await readFile(modules, 'utf8')).split('\n').filter(Boolean);
  // The recorder saw the service's own modules: an empty or broken record proves nothing.
  // They are the compiled copies of the sources, and tsx is not loaded: its loader would keep every
  // module's transformed source for the life of the process.
  expect(loaded.filter((url) => /\/\.compiled\/entries\/[0-9a-f]{16}\/src\/(app|main)\.js$/.test(url))).toHaveLength(2);
  expect(loaded.filter((url) => url.includes('/node_modules/tsx/') || url.endsWith('.ts'))).toEqual([]);
  expect(loaded.filter((url) => url.includes('/node_modules/pdfjs-dist/'))).toEqual([]);
  // Nor the other parsers the worker threads use: the form filler's and the spreadsheet reader.
  expect(loaded.filter((url) => /\/node_modules\/(@cantoo\/pdf-lib|exceljs)\//.test(url))).toEqual([]);
  // Nor the SDKs of what is not configured: x402 (viem), MPP (mppx), Stripe, Telnyx, S3, BullMQ and Redis.
  expect(loaded.filter((url) => /\/node_modules\/(viem|ox|mppx|@x402\/[^/]+|stripe|telnyx|@aws-sdk\/[^/]+|bullmq|ioredis)\//.test(url))).toEqual([]);
  await stop(child, 'SIGTERM');
}, 300_000);
