// §3.2, §8.2, issue 22: a real deployment of two HTTP processes (`src/main.ts`, RUN_WORKER=false)
// and two workers (`src/worker.ts`) on one PostgreSQL, Redis and S3-compatible store. Requests
// alternate between the HTTP processes; a batch, a context fill (prepare → commit) and a flat form's
// detection run while the worker filling the batch is killed (SIGKILL) and a replacement starts.
// Every job succeeds once, every billed subject is billed once, every row is stored, and the
// account's rate limit counts the requests of both HTTP processes together.
// Needs DATABASE_URL and REDIS_URL: the embedded database and in-process queue belong to one process.
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, expect, test } from 'vitest';
import { dropTestEnv, eventually, testEnv, usingPostgres, usingRedis } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { alive, freePort, killAll, launch, stop, type Child } from '../helpers/child-processes.ts';
import { applicantFormPdf, csv } from '../helpers/batch-pdfs.ts';
import { flatPdf } from '../helpers/pdfs.ts';
import { loadConfig } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { createAccount } from '../../src/store/accounts.ts';

const ROWS = 1000;
/** Low enough to reach in a test, above what the workload account sends in a minute. */
const LIMIT = 40;

let env: Record<string, string> | undefined;
let probe: AppContext | undefined;

afterAll(async () => {
  await killAll();
  await probe?.close();
  if (env) await dropTestEnv(env);
}, 30_000);

const NOTES = ['Applicant', '', 'First name: Jane', 'Last name: Quinn', 'Date of birth: 14 March 1990', ''].join('\n');

test.skipIf(!(usingPostgres && usingRedis))('two HTTP processes and two workers: each job once, each subject billed once, one shared rate limit', async () => {
  env = await testEnv({ RATE_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_IP_PER_MINUTE: '100000', JOB_LOCK_MS: '3000', LOG_LEVEL: 'warn', RUN_WORKER: 'false' });
  // The test's own view of the database (no worker, no HTTP): it applies the migrations before
  // any child starts, makes the accounts and watches progress without spending API requests.
  probe = await createContext(loadConfig(env));
  const db = probe.db;
  const ports = [await freePort(), await freePort()];
  const http = ports.map((port) => launch('src/main.ts', { ...env!, PORT: String(port) }));
  const [w1, w2, w3] = [launch('src/worker.ts', env), launch('src/worker.ts', env), launch('src/worker.ts', env)];
  const running = () => [...http, w1, w2].forEach((c) => c !== w1 || c.signalCode === 'SIGKILL' || alive(c));
  for (const c of [...http, w1]) c.go();
  const workload = (await createAccount(db, 'workload')).key;
  const burst = (await createAccount(db, 'burst')).key;
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  await eventually(async () => {
    for (const c of http) alive(c);
    const up = await Promise.all(bases.map((b) => fetch(`${b}/health`).then((r) => r.ok, () => false)));
    return up.every(Boolean) || undefined;
  }, 60_000, 'both HTTP processes up');
  let turn = 0;
  const apis = bases.map((b) => client(b, workload));
  /** The next HTTP process in turn. */
  const api = () => apis[turn++ % 2]!;
  const until = <T>(what: string, check: () => Promise<T | undefined>) =>
    eventually(async () => {
      running();
      return check();
    }, 60_000, what);

  // The batch form, made and detected by the only worker started so far.
  const form = await api().upload('/forms', { file: { bytes: await applicantFormPdf(), filename: 'applicant.pdf' } });
  expect(form.status).toBe(202);
  const formId = form.body.form_id as string;
  await until('form ready', async () => ((await db.form.findUniqueOrThrow({ where: { id: formId } })).status === 'ready' ? true : undefined));
  const fields = (await api().get(`/forms/${formId}/contract`)).body.fields as { id: number; name: string }[];
  const id = (name: string) => fields.find((f) => f.name === name)!.id;
  const mapping = JSON.stringify({ 'First Name': { field_id: id('f1') }, 'Last Name': { field_id: id('f2') }, Married: { field_id: id('c1') } });
  const rows = ['First Name,Last Name,Married', ...Array.from({ length: ROWS }, (_, i) => `R${i + 1},Family ${i % 97},${i % 2 ? 'yes' : 'no'}`)];
  const batch = await api().upload(`/forms/${formId}/fill-batch`, { file: { bytes: csv(rows), filename: 'rows.csv', type: 'text/csv' }, mapping });
  expect(batch.status).toBe(202);
  const batchId = batch.body.batch_id as string;

  // The batch job is on the first worker (the only one); the second starts now and takes the
  // detection and the context fill sent while the batch runs.
  await until('batch job running', async () => ((await db.job.findFirst({ where: { kind: 'batch.fill', status: 'running' } })) ? true : undefined));
  w2.go();
  const flat = await api().upload('/forms', { file: { bytes: await flatPdf(2), filename: 'flat.pdf' } });
  expect(flat.status).toBe(202);
  const prepare = await api().upload(`/forms/${formId}/prepare`, { context: { bytes: new Uint8Array(Buffer.from(NOTES)), filename: 'notes.txt', type: 'text/plain' } });
  expect(prepare.status).toBe(202);

  // Kill the batch's worker mid-batch; a replacement starts, as a supervisor would start one.
  await until('first filled rows', async () => ((await db.batchRow.count({ where: { batchId, status: 'filled' } })) > 0 ? true : undefined));
  await stop(w1, 'SIGKILL');
  w3.go();
  const atKill = await db.batchRow.count({ where: { batchId, status: 'filled' } });
  expect(atKill).toBeGreaterThan(0);
  expect(atKill).toBeLessThan(ROWS); // else the kill proves nothing

  const done = async () => {
    const [b, f, c] = await Promise.all([
      db.batch.findUniqueOrThrow({ where: { id: batchId } }),
      db.form.findUniqueOrThrow({ where: { id: flat.body.form_id } }),
      db.contextJob.findUniqueOrThrow({ where: { id: prepare.body.job_id } }),
    ]);
    return b.status !== 'processing' && f.status !== 'processing' && c.status !== 'processing' ? { b, f, c } : undefined;
  };
  const settled = await eventually(async () => {
    for (const c of [...http, w2]) alive(c);
    return done();
  }, 60_000, 'batch, detection and context fill settled');
  expect([settled.b.status, settled.f.status, settled.c.status]).toEqual(['complete', 'ready', 'ready']);

  // Through the API, alternating: the flat form's detected field, the commit, the manifest.
  expect((await api().get(`/forms/${flat.body.form_id}/contract`)).body.field_count).toBeGreaterThanOrEqual(2);
  const commit = await api().post(`/proposals/${prepare.body.proposal_id}/commit`, { auto: true }, { 'X-Proposal-Token': prepare.body.proposal_token });
  expect(commit.status).toBe(201);
  expect(commit.body.commits).toHaveLength(1);
  expect((await db.proposal.findUniqueOrThrow({ where: { id: prepare.body.proposal_id } })).status).toBe('committed');
  expect((await api().get(`/forms/fill-batch/${batchId}`)).body).toMatchObject({ status: 'complete', total: ROWS, filled: ROWS, failed: 0 });

  // Every job succeeded. The batch job ran again after the kill (taken over). On a starved machine
  // (CI runs this beside other test files on two cores) a worker may miss a lock renewal, and
  // BullMQ then hands its job to another worker: any job may run a second time, which the rows'
  // own states and the billing checks below make harmless. No job other than the batch runs a
  // third time: the row counts attempts, so a job cannot loop between workers.
  const jobs = await db.job.findMany({ select: { kind: true, status: true, attempts: true } });
  expect(jobs.map((j) => j.kind).sort()).toEqual(['batch.fill', 'context.fill', 'form.process', 'form.process']);
  expect(jobs.every((j) => j.status === 'succeeded')).toBe(true);
  expect(jobs.find((j) => j.kind === 'batch.fill')!.attempts).toBeGreaterThanOrEqual(2);
  expect(jobs.filter((j) => j.kind !== 'batch.fill').map((j) => j.attempts).every((n) => n >= 1 && n <= 2)).toBe(true);

  // Each subject billed once: a standard fill per row, a context fill, a create per form.
  const events = await db.usageEvent.findMany({ select: { kind: true, subjectId: true, voidedAt: true } });
  expect(events.every((e) => e.voidedAt === null)).toBe(true);
  const subjects = (kind: string) => events.filter((e) => e.kind === kind).map((e) => e.subjectId).sort();
  expect(subjects('standard_fill')).toEqual(Array.from({ length: ROWS }, (_, i) => `${batchId}:${i + 1}`).sort());
  expect(subjects('with_context')).toEqual([prepare.body.job_id]);
  expect(subjects('create')).toEqual([formId, flat.body.form_id].sort());
  expect(events).toHaveLength(ROWS + 3);
  expect(await api().get('/usage')).toMatchObject({ body: { standard_fill: ROWS, with_context: 1, create: 2 } });

  // Every row's delta is stored in the object store; a sample, after the template, opens and holds its own row's values.
  const stored = await db.batchRow.findMany({ where: { batchId }, orderBy: { row: 'asc' } });
  expect(stored.filter((r) => r.status === 'filled' && r.pdfBlob)).toHaveLength(ROWS);
  expect(await db.batch.findUniqueOrThrow({ where: { id: batchId } })).toMatchObject({ filled: ROWS, failed: 0 });
  const template = await probe.blobs.get((await db.batch.findUniqueOrThrow({ where: { id: batchId } })).templateBlob!);
  for (const r of stored.filter((r) => r.row % 97 === 1 || r.row === ROWS)) {
    const doc = await PDFDocument.load(Buffer.concat([template, await probe.blobs.get(r.pdfBlob!)]));
    expect(doc.getForm().getTextField('f1').getText(), `row ${r.row}`).toBe(`R${r.row}`);
  }

  // One rate limit for the account across both HTTP processes: LIMIT + 4 requests alternating
  // between them, LIMIT answered, the rest refused by both (each alone would allow them all).
  const burstApis = bases.map((b) => client(b, burst));
  const statuses: number[][] = [[], []];
  for (let i = 0; i < LIMIT + 4; i++) statuses[i % 2]!.push((await burstApis[i % 2]!.get('/usage')).status);
  const all = statuses.flat();
  expect(all.filter((s) => s === 200)).toHaveLength(LIMIT);
  expect(all.filter((s) => s === 429)).toHaveLength(4);
  expect(statuses.map((s) => s.slice(-2))).toEqual([[429, 429], [429, 429]]);

  for (const c of [...http, w2, w3]) await stop(c, 'SIGTERM');
}, 180_000); // five children loading the service on two busy cores: much of the time is module loading
