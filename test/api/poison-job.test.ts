// A poison job (issue #17): one whose worker died on every attempt (crash, kill, blocked event loop)
// is failed after its attempts instead of running again at every restart, and what it made fails
// with it (here: the form of a form.process job).
import { afterAll, expect, test } from 'vitest';
import { startServer, dropTestEnv, testEnv, eventually } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';

const envs: Record<string, string>[] = [];
afterAll(async () => {
  for (const env of envs) await dropTestEnv(env);
});

test('a job left running on its last attempt is failed at restart, and its form with it', async () => {
  const env = await testEnv();
  envs.push(env);
  const first = await startServer({ env, worker: false });
  const { key } = await first.account();
  const created = await client(first.url, key).upload('/forms', { file: { bytes: await fillableFormPdf() } });
  expect(created.status).toBe(202);
  const job = await first.ctx.db.job.findFirstOrThrow({ where: { kind: 'form.process' } });
  // Every attempt was claimed and its process died: the last one too.
  await first.ctx.db.job.update({ where: { id: job.id }, data: { status: 'running', attempts: job.maxAttempts, lockedAt: new Date() } });
  await first.close();

  const second = await startServer({ env });
  try {
    const api = client(second.url, key);
    const form = await eventually(async () => {
      const f = (await api.get(`/forms/${created.body.form_id}`)).body;
      return f.status === 'processing' ? undefined : f;
    }, 30_000, 'form settled after restart');
    expect(form.status).toBe('failed');
    const row = await second.ctx.db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/attempts/);
    // Not run again: the attempt count did not move.
    expect(row.attempts).toBe(job.maxAttempts);
  } finally {
    await second.close();
  }
}, 120_000);

test('a job left running with attempts to spare runs again', async () => {
  const env = await testEnv();
  envs.push(env);
  const first = await startServer({ env, worker: false });
  const { key } = await first.account();
  const created = await client(first.url, key).upload('/forms', { file: { bytes: await fillableFormPdf() } });
  const job = await first.ctx.db.job.findFirstOrThrow({ where: { kind: 'form.process' } });
  await first.ctx.db.job.update({ where: { id: job.id }, data: { status: 'running', attempts: job.maxAttempts - 1, lockedAt: new Date() } });
  await first.close();

  const second = await startServer({ env });
  try {
    const api = client(second.url, key);
    await eventually(async () => ((await api.get(`/forms/${created.body.form_id}`)).body.status === 'ready' ? true : undefined), 30_000, 'form ready');
  } finally {
    await second.close();
  }
}, 120_000);
