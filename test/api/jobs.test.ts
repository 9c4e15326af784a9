// Jobs survive restarts: a job left queued or running by a dead process is picked up by the next
// one. With Redis, a separate worker process (here: a separate context) does the work while the
// HTTP side runs no worker.
import { afterAll, expect, test } from 'vitest';
import { startServer, dropTestEnv, testEnv, eventually, usingRedis } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';
import { loadConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { startJobWorker } from '../../src/jobs/runner.ts';

const envs: Record<string, string>[] = [];
afterAll(async () => {
  for (const env of envs) await dropTestEnv(env);
});

test('a job interrupted mid-run is finished after a restart', async () => {
  const env = await testEnv();
  envs.push(env);
  // First life: accept a form, but no worker runs; then pretend a worker had claimed it and died.
  const first = await startServer({ env, worker: false });
  const { key } = await first.account();
  const created = await client(first.url, key).upload('/forms', { file: { bytes: await fillableFormPdf() } });
  expect(created.status).toBe(202);
  const job = await first.ctx.db.job.findFirstOrThrow({ where: { kind: 'form.process' } });
  await first.ctx.db.job.update({ where: { id: job.id }, data: { status: 'running', attempts: 1, lockedAt: new Date() } });
  await first.close();

  // Second life on the same data: the form gets processed.
  const second = await startServer({ env });
  try {
    const api = client(second.url, key);
    await eventually(async () => ((await api.get(`/forms/${created.body.form_id}`)).body.status === 'ready' ? true : undefined), 30_000, 'form ready after restart');
    const done = await second.ctx.db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done.status).toBe('succeeded');
    // Billed once, however many times the job ran.
    expect((await api.get('/usage')).body.create).toBe(1);
  } finally {
    await second.close();
  }
}, 120_000);

test('an HTTP process without a worker leaves jobs to a separate worker', async () => {
  const env = await testEnv({ RUN_WORKER: 'false' });
  envs.push(env);
  const http = await startServer({ env, worker: false });
  try {
    const { key } = await http.account();
    const api = client(http.url, key);
    const created = await api.upload('/forms', { file: { bytes: await fillableFormPdf() } });
    await new Promise((r) => setTimeout(r, 300));
    expect((await api.get(`/forms/${created.body.form_id}`)).body.status).toBe('processing');

    // The worker: same configuration, its own context (in production, `npm run worker`).
    // The embedded PGlite database belongs to one process, so this part needs a server database.
    if (!usingRedis || !env.DATABASE_URL) {
      await startJobWorker(http.ctx);
    } else {
      const worker = await createContext(loadConfig(env));
      await startJobWorker(worker);
      try {
        await eventually(async () => ((await api.get(`/forms/${created.body.form_id}`)).body.status === 'ready' ? true : undefined), 30_000);
      } finally {
        await worker.close();
      }
    }
    await eventually(async () => ((await api.get(`/forms/${created.body.form_id}`)).body.status === 'ready' ? true : undefined), 30_000);
    expect(http.ctx.queue.backend).toBe(usingRedis ? 'bullmq' : 'in-process');
  } finally {
    await http.close();
  }
}, 120_000);

test('a job row of a kind no handler knows is failed with a clear error, and the queue goes on', async () => {
  const env = await testEnv();
  envs.push(env);
  const s = await startServer({ env });
  try {
    const stray = await s.ctx.db.job.create({ data: { id: 'stray-kind-job', kind: 'no.such-kind', payload: {}, maxAttempts: 3, runAfter: new Date() } });
    await s.ctx.queue.dispatch(stray.id);
    const failed = await eventually(async () => {
      const row = await s.ctx.db.job.findUniqueOrThrow({ where: { id: stray.id } });
      return row.status === 'failed' ? row : undefined;
    }, 30_000, 'stray job failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/no handler for job kind "no\.such-kind"/i);

    // The queue still runs the jobs it knows.
    const { key } = await s.account();
    const api = client(s.url, key);
    const created = await api.upload('/forms', { file: { bytes: await fillableFormPdf() } });
    await eventually(async () => ((await api.get(`/forms/${created.body.form_id}`)).body.status === 'ready' ? true : undefined), 30_000, 'form ready');
  } finally {
    await s.close();
  }
}, 120_000);
