// §3.2, §8.2: a 1000-row batch survives the process doing the work being killed (SIGKILL) in the
// middle: after a restart every row is filled exactly once and billed exactly once.
// With DATABASE_URL and REDIS_URL the HTTP server runs here without a worker and the worker is a
// real child process (`src/worker.ts`), killed and started again; BullMQ hands the killed worker's
// job to the new one once its lock lapses (JOB_LOCK_MS, short here). Otherwise the whole server
// (`src/main.ts`, embedded PGlite and in-process queue) is the child, killed and restarted on the
// same DATA_DIR.
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, expect, test } from 'vitest';
import { dropTestEnv, eventually, startServer, testEnv, usingPostgres, usingRedis, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { alive, freePort, killAll, launch, stop, type Entry } from '../helpers/child-processes.ts';
import { applicantFormPdf, csv } from '../helpers/batch-pdfs.ts';
import { loadConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { createAccount } from '../../src/store/accounts.ts';

const ROWS = 1000;
const splitWorker = usingPostgres && usingRedis;

const envs: Record<string, string>[] = [];
let server: TestServer | undefined;

afterAll(async () => {
  // Whatever happened in the test, no child outlives it.
  await killAll();
  await server?.close();
  for (const env of envs) await dropTestEnv(env);
}, 30_000);

/** Some rows filled, not all: the moment to kill. Polls fast, since a small form fills quickly. */
async function untilPartlyFilled(api: ReturnType<typeof client>, batchId: string, check: () => void): Promise<number> {
  return eventually(async () => {
    check();
    const m = await api.get(`/forms/fill-batch/${batchId}`).catch(() => undefined); // the child may not listen yet
    return m?.body && m.body.filled > 0 ? m.body.filled : undefined;
  }, 60_000, 'first filled rows');
}

const FAST = { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_IP_PER_MINUTE: '100000' };
const csvRows = ['First Name,Last Name,Married', ...Array.from({ length: ROWS }, (_, i) => `R${i + 1},Family ${i % 97},${i % 2 ? 'yes' : 'no'}`)];

/** Uploads the form and waits until it is ready; returns its id and the batch mapping. */
async function readyForm(api: ReturnType<typeof client>): Promise<{ formId: string; mapping: string }> {
  const form = await api.upload('/forms', { file: { bytes: await applicantFormPdf() } });
  expect(form.status).toBe(202);
  const formId = form.body.form_id as string;
  await eventually(async () => ((await api.get(`/forms/${formId}`)).body.status === 'ready' ? true : undefined), 40_000, 'form ready');
  const fields = (await api.get(`/forms/${formId}/contract`)).body.fields as { id: number; name: string }[];
  const id = (name: string) => fields.find((f) => f.name === name)!.id;
  return { formId, mapping: JSON.stringify({ 'First Name': { field_id: id('f1') }, 'Last Name': { field_id: id('f2') }, Married: { field_id: id('c1') } }) };
}

async function sendBatch(api: ReturnType<typeof client>, form: { formId: string; mapping: string }): Promise<string> {
  const r = await api.upload(`/forms/${form.formId}/fill-batch`, { file: { bytes: csv(csvRows), filename: 'rows.csv', type: 'text/csv' }, mapping: form.mapping });
  expect(r.status).toBe(202);
  return r.body.batch_id as string;
}

test(`a ${ROWS}-row batch killed mid-way completes after a restart, each row filled and billed once`, async () => {
  const env = await testEnv({ ...FAST, JOB_LOCK_MS: '1500', LOG_LEVEL: 'warn' });
  envs.push(env);
  if (!splitWorker) env.PORT = String(await freePort());
  let key: string;
  let batchId: string;
  const entry: Entry = splitWorker ? 'src/worker.ts' : 'src/main.ts';
  let life = launch(entry, env);
  const next = launch(entry, env); // the restart, warming up meanwhile; runs only after the kill
  if (splitWorker) {
    // The workers are children; this process only answers HTTP.
    life.go();
    server = await startServer({ env, worker: false });
    key = (await server.account()).key;
    const api = client(server.url, key);
    batchId = await sendBatch(api, await readyForm(api));
  } else {
    // The embedded database belongs to one process at a time: the account is made here while the
    // child warms up, then the child owns the database; form and batch go through its API.
    const ctx = await createContext(loadConfig(env));
    try {
      key = (await createAccount(ctx.db, 'crash')).key;
    } finally {
      await ctx.close();
    }
    life.go();
    const api = client(`http://127.0.0.1:${env.PORT}`, key);
    await eventually(async () => {
      alive(life);
      return (await fetch(`http://127.0.0.1:${env.PORT}/health`).then((r) => r.ok, () => false)) || undefined;
    }, 60_000, 'child server up');
    batchId = await sendBatch(api, await readyForm(api));
  }
  const api = client(server?.url ?? `http://127.0.0.1:${env.PORT}`, key);

  await untilPartlyFilled(api, batchId, () => alive(life));
  await stop(life, 'SIGKILL');

  // The kill landed mid-batch: some rows filled, not all (else this test proves nothing).
  const probe = splitWorker ? server!.ctx : await createContext(loadConfig(env));
  const atKill = await probe.db.batchRow.count({ where: { batchId, status: 'filled' } });
  const billedAtKill = await probe.db.usageEvent.count({ where: { subjectId: { startsWith: `${batchId}:` } } });
  if (probe !== server?.ctx) await probe.close();
  expect(atKill).toBeGreaterThan(0);
  expect(atKill).toBeLessThan(ROWS);
  expect(billedAtKill).toBe(atKill);

  life = next;
  life.go();
  const manifest = await eventually(async () => {
    alive(life);
    const m = (await api.get(`/forms/fill-batch/${batchId}`).catch(() => undefined))?.body;
    return m && m.status !== 'processing' ? m : undefined;
  }, 60_000, 'batch complete after restart');
  expect(manifest).toMatchObject({ status: 'complete', total: ROWS, filled: ROWS, failed: 0, error: null });
  expect((await api.get('/usage')).body.standard_fill).toBe(ROWS);
  await stop(life, 'SIGTERM');

  const after = splitWorker ? server!.ctx : await createContext(loadConfig(env));
  try {
    const events = await after.db.usageEvent.findMany({ where: { kind: 'standard_fill' }, select: { subjectId: true, voidedAt: true } });
    expect(events).toHaveLength(ROWS);
    expect(new Set(events.map((e) => e.subjectId))).toEqual(new Set(Array.from({ length: ROWS }, (_, i) => `${batchId}:${i + 1}`)));
    expect(events.every((e) => e.voidedAt === null)).toBe(true);
    const job = await after.db.job.findFirstOrThrow({ where: { kind: 'batch.fill' } });
    expect(job.status).toBe('succeeded');

    // Every row's delta is stored (on disk or in S3); the template followed by it opens and holds its own row's values.
    const rows = await after.db.batchRow.findMany({ where: { batchId }, orderBy: { row: 'asc' } });
    expect(rows.filter((r) => r.status === 'filled' && r.pdfBlob)).toHaveLength(ROWS);
    const { templateBlob } = await after.db.batch.findUniqueOrThrow({ where: { id: batchId } });
    const template = await after.blobs.get(templateBlob!);
    for (const r of rows) {
      const delta = await after.blobs.get(r.pdfBlob!);
      expect(delta.length, `row ${r.row}`).toBeLessThan(template.length); // the row's update, not a copy of the form
      const doc = await PDFDocument.load(Buffer.concat([template, delta]));
      const f = doc.getForm();
      expect(f.getTextField('f1').getText(), `row ${r.row}`).toBe(`R${r.row}`);
      expect(f.getCheckBox('c1').isChecked(), `row ${r.row}`).toBe(r.row % 2 === 0);
    }
  } finally {
    if (after !== server?.ctx) await after.close();
  }
}, 240_000); // two cold starts of the service on two busy cores: most of the time is module loading
