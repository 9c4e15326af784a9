// Contracts (detection and OCR included) are built in the engine's worker threads, never on the
// event loop that answers HTTP; work that overruns its time is stopped and its form fails with a
// clear code, once, without retries.
import { afterAll, describe, expect, test } from 'vitest';
import { dropTestEnv, eventually, startServer, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { flatPdf } from '../helpers/pdfs.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) {
    await s.close();
    await dropTestEnv(s.env);
  }
});

describe('the engine pool', () => {
  test('a flat form is detected in a worker thread while the API answers', async () => {
    const s = await startServer();
    servers.push(s);
    const api = client(s.url, (await s.account()).key);
    expect(s.ctx.engine.load.workers).toBe(0);
    const created = await api.upload('/forms', { file: { bytes: await flatPdf(3) } });
    expect(created.status).toBe(202);
    let sawWorker = false;
    const form = await eventually(async () => {
      sawWorker ||= s.ctx.engine.load.running === 1;
      const health = await client(s.url).get('/health');
      expect(health.status).toBe(200);
      const f = (await api.get(`/forms/${created.body.form_id}`)).body;
      return f.status === 'processing' ? undefined : f;
    }, 60_000);
    expect(form.status).toBe('ready');
    expect(sawWorker || s.ctx.engine.load.workers === 1).toBe(true);
    expect(s.ctx.engine.load.workers).toBe(1); // the thread that built the contract stays for the next form
    expect((await api.get(`/forms/${created.body.form_id}/contract`)).body.field_count).toBe(3);
  }, 120_000);

  test('left idle, the engine lets every worker go (its memory with it) while the request pool keeps one', async () => {
    const s = await startServer({ overrides: { WORKER_IDLE_MS: '500' } });
    servers.push(s);
    const api = client(s.url, (await s.account()).key);
    const created = await api.upload('/forms', { file: { bytes: await flatPdf(2) } });
    expect(created.status).toBe(202);
    await eventually(async () => ((await api.get(`/forms/${created.body.form_id}`)).body.status === 'ready' ? true : undefined), 60_000);
    await eventually(async () => (s.ctx.engine.load.workers === 0 ? true : undefined), 10_000);
    await new Promise((r) => setTimeout(r, 1000)); // well past the idle time: the request pool's last worker stays
    expect(s.ctx.tools.load.workers).toBe(1);
    expect(s.ctx.engine.retired.idle).toBe(1);
  }, 120_000);

  test('a form whose processing overruns the time limit fails with pdf_too_complex, without retries', async () => {
    const s = await startServer({ overrides: { ENGINE_TIMEOUT_MS: '1000' } });
    servers.push(s);
    const api = client(s.url, (await s.account()).key);
    // 100 pages of 40 captioned blanks: several seconds of detection even on a fast, quiet machine.
    const created = await api.upload('/forms', { file: { bytes: await flatPdf(100, 40) } });
    const form = await eventually(async () => {
      const f = (await api.get(`/forms/${created.body.form_id}`)).body;
      return f.status === 'processing' ? undefined : f;
    }, 60_000);
    expect(form).toMatchObject({ status: 'failed', error: { code: 'form_processing_failed', reason: 'pdf_too_complex' } });
    const job = await s.ctx.db.job.findFirstOrThrow({ where: { kind: 'form.process' } });
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
  }, 120_000);
});
